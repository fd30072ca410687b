@testable import ArbiterEngine
@testable import ArbiterScenario

/// A property that did not hold: which one, at which step (nil: the sequence as a whole), and what was seen.
struct PropertyFailure: Hashable, CustomStringConvertible {
    var property: String
    var step: Int?
    var message: String

    var description: String { "\(property)" + (step.map { " at step \($0)" } ?? "") + ": \(message)" }
}

/// What one run of a sequence did, for the numbers a long run reports.
struct RunCounts {
    var events = 0
    var rejected = 0
    var failed = 0
}

/// The properties every event sequence must have, whatever its events.
enum SequenceProperties {
    /// The first property that does not hold, if any. `counts` adds up the events run. The engine's own checks
    /// after every event are off, so that a broken invariant comes back here to be shrunk instead of stopping a
    /// debug build.
    static func check(_ sequence: EventSequence, counts: inout RunCounts) -> PropertyFailure? {
        Engine.$checksEveryEvent.withValue(false) { checkSequence(sequence, counts: &counts) }
    }

    private static func checkSequence(_ sequence: EventSequence, counts: inout RunCounts) -> PropertyFailure? {
        guard let initial = try? Engine(sequence.setup) else {
            return PropertyFailure(property: "setup", step: nil, message: "the generated setup is refused")
        }
        if let broken = initial.invariantViolations().first {
            return PropertyFailure(property: "invariants", step: nil, message: "after the setup: \(broken)")
        }
        var engine = initial
        var outcomes: [Outcome] = []
        for (index, step) in sequence.steps.enumerated() {
            let before = engine
            let outcome = engine.handle(step.event, at: step.time)
            outcomes.append(outcome)
            counts.events += 1
            if let failure = checkStep(index, step, outcome, before: before, after: engine) { return failure }
            switch outcome.result {
            case .rejected: counts.rejected += 1
            case .failed: counts.failed += 1
            case .succeeded: break
            }
        }
        return checkDeterminism(sequence, outcomes: outcomes, final: engine)
            ?? checkSaveAndReplay(sequence)
    }

    /// Invariants, time, and rejected events leaving everything as it was.
    static func checkStep(
        _ index: Int, _ step: EventSequence.Step, _ outcome: Outcome, before: Engine,
        after: Engine
    ) -> PropertyFailure? {
        if let broken = after.invariantViolations().first ?? after.derivedDrift() {
            return PropertyFailure(property: "invariants", step: index, message: "after \(step.event): \(broken)")
        }
        if after.now < before.now {
            return PropertyFailure(
                property: "time", step: index,
                message: "time went back from \(before.now) to \(after.now)")
        }
        if outcome.time != step.time {
            return PropertyFailure(
                property: "time", step: index,
                message: "the outcome is at \(outcome.time), the event at \(step.time)")
        }
        if case .rejected(let error) = outcome.result {
            if after != before {
                return PropertyFailure(
                    property: "rejected events change nothing", step: index,
                    message: "\(step.event) was rejected (\(error)) yet the state changed")
            }
            if !outcome.decisions.isEmpty || !outcome.notifications.isEmpty {
                return PropertyFailure(
                    property: "rejected events change nothing", step: index,
                    message: "\(step.event) was rejected (\(error)) yet decided or notified")
            }
        } else if after.now != step.time {
            return PropertyFailure(
                property: "time", step: index,
                message: "after an event at \(step.time) the engine is at \(after.now)")
        }
        var probe = after
        if after.now > .zero {
            let late = probe.handle(.advance, at: after.now - .ms(1))
            guard case .rejected = late.result, probe == after else {
                return PropertyFailure(
                    property: "time", step: index,
                    message: "an event 1ms in the past was not refused, or changed the state")
            }
        }
        return nil
    }

    /// The same events on a fresh engine give the same outcomes and the same state.
    static func checkDeterminism(_ sequence: EventSequence, outcomes: [Outcome], final: Engine) -> PropertyFailure? {
        var engine = try! Engine(sequence.setup)
        for (index, step) in sequence.steps.enumerated() {
            let outcome = engine.handle(step.event, at: step.time)
            if outcome != outcomes[index] {
                return PropertyFailure(
                    property: "determinism", step: index,
                    message: "a second run of \(step.event) gave a different outcome")
            }
        }
        if engine != final {
            return PropertyFailure(property: "determinism", step: nil, message: "a second run ends in another state")
        }
        return nil
    }

    /// Saved as a scenario file and replayed, the events give the outcomes they give on an engine directly.
    /// (A file has no step for time passing alone, so both runs leave those out; both let time pass to each idle
    /// app's suspension, as a replay does.)
    static func checkSaveAndReplay(_ sequence: EventSequence) -> PropertyFailure? {
        let kept = sequence.steps.indices.filter { sequence.steps[$0].event != .advance }
        let steps = kept.map { sequence.steps[$0] }
        var engine = try! Engine(sequence.setup)
        var direct: [Outcome] = []
        /// The index in `steps` of each outcome in `direct`; nil for time passing to a suspension.
        var stepOf: [Int?] = []
        for (index, step) in steps.enumerated() {
            while let due = engine.nextIdleSuspension, due < step.time {
                direct.append(engine.handle(.advance, at: due))
                stepOf.append(nil)
            }
            direct.append(engine.handle(step.event, at: step.time))
            stepOf.append(index)
        }
        let text = ScenarioWriter.text(
            setup: sequence.setup, steps: steps.map { ($0.time, $0.event) },
            title: "Generated sequence")
        let scenario: Scenario
        switch ScenarioParser.parse(text, file: "generated.yaml") {
        case .success(let decoded): scenario = decoded
        case .failure(let errors):
            return PropertyFailure(
                property: "save and replay", step: nil,
                message: "the saved file does not decode: \(errors)")
        }
        let replayed: [Outcome] = Replayer.replay(scenario).entries.compactMap {
            if case .step(let record) = $0 { return record.outcome }
            return nil
        }
        if replayed.count != direct.count {
            return PropertyFailure(
                property: "save and replay", step: nil,
                message: "the replay has \(replayed.count) outcomes for \(direct.count) events")
        }
        if let index = direct.indices.first(where: { replayed[$0] != direct[$0] }) {
            return PropertyFailure(
                property: "save and replay", step: stepOf[index].map { kept[$0] },
                message: "replayed from the file, \(stepOf[index].map { "\(steps[$0].event)" } ?? "time passing") "
                    + "gave another outcome")
        }
        return nil
    }
}
