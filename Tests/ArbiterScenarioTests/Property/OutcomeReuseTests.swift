import ArbiterEngine
import Testing

@Suite("Handling events into a kept outcome")
struct OutcomeReuseTests {
    @Test("one outcome kept for a whole random sequence holds, after each event, what handle(_:at:) returns for it")
    func sameOutcomes() {
        var compared = 0
        var withDecisions = 0
        var fewerAfterAccepted = 0
        var rejected = 0
        for seed in 0..<200 as Range<UInt64> {
            var generator = EventSequenceGenerator(seed: seed)
            let sequence = generator.sequence()
            guard var fresh = try? Engine(sequence.setup) else { continue }
            var kept = fresh
            var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
            // Every fourth step is repeated 1 ms in the past, which the engine rejects; the other steps follow each
            // other, so an accepted event also reuses the outcome of an accepted one.
            let steps = sequence.steps.enumerated().flatMap { offset, step in
                offset % 4 == 3 ? [step, EventSequence.Step(time: step.time - .ms(1), event: step.event)] : [step]
            }
            for step in steps where step.time >= .zero {
                let previous = outcome
                let expected = fresh.handle(step.event, at: step.time)
                kept.handle(step.event, at: step.time, into: &outcome)
                #expect(outcome == expected, "seed \(seed), \(step.event) at \(step.time)")
                #expect(kept == fresh, "seed \(seed), \(step.event) at \(step.time)")
                compared += 1
                if !expected.decisions.isEmpty { withDecisions += 1 }
                if case .rejected = expected.result { rejected += 1 }
                if case .rejected = previous.result {
                } else if expected.decisions.count < previous.decisions.count {
                    fewerAfterAccepted += 1
                }
            }
        }
        // The runs covered what matters: events with decisions, an accepted event recording fewer decisions than the
        // accepted one before it (so leftovers would show), rejected events.
        #expect(compared > 1_000)
        #expect(withDecisions > 100)
        #expect(fewerAfterAccepted > 100)
        #expect(rejected > 100)
    }
}
