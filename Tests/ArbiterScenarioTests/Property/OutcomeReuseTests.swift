import ArbiterEngine
import Testing

@Suite("Handling events into a kept outcome")
struct OutcomeReuseTests {
    @Test("one outcome kept for a whole random sequence holds, after each event, what handle(_:at:) returns for it")
    func sameOutcomes() {
        var compared = 0, withDecisions = 0, emptiedAfterDecisions = 0, rejected = 0
        for seed in 0..<200 as Range<UInt64> {
            var generator = EventSequenceGenerator(seed: seed)
            let sequence = generator.sequence()
            guard var fresh = try? Engine(sequence.setup) else { continue }
            var kept = fresh
            var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
            // Each step, then the same step again: its time is now in the past unless time stood still.
            let steps = sequence.steps.flatMap { [$0, EventSequence.Step(time: $0.time - .ms(1), event: $0.event)] }
            for step in steps where step.time >= .zero {
                let hadDecisions = !outcome.decisions.isEmpty
                let expected = fresh.handle(step.event, at: step.time)
                kept.handle(step.event, at: step.time, into: &outcome)
                #expect(outcome == expected, "seed \(seed), \(step.event) at \(step.time)")
                #expect(kept == fresh, "seed \(seed), \(step.event) at \(step.time)")
                compared += 1
                if !expected.decisions.isEmpty { withDecisions += 1 }
                if hadDecisions && expected.decisions.isEmpty { emptiedAfterDecisions += 1 }
                if case .rejected = expected.result { rejected += 1 }
            }
        }
        // The runs covered what matters: events with decisions, an outcome emptied after one, rejected events.
        #expect(compared > 1_000)
        #expect(withDecisions > 100)
        #expect(emptiedAfterDecisions > 10)
        #expect(rejected > 100)
    }
}
