import ArbiterEngine
import Foundation

@testable import ArbiterScenario

/// Runs many generated sequences through `SequenceProperties`; sequence `i` of a run with seed `s` has seed `s + i`,
/// so one failing sequence reproduces alone with its own seed and a run of one (with the same maximum length).
struct PropertyRun {
    struct Failure {
        var seed: UInt64
        var original: PropertyFailure
        var shrunk: EventSequence
        var failure: PropertyFailure
        var file: String?
    }

    var sequences = 0
    var counts = RunCounts()
    var failures: [Failure] = []
    var seconds = 0.0

    /// Runs `count` sequences from `seed`; each failure is shrunk and, with `folder`, saved there as a scenario.
    static func run(seed: UInt64, count: Int, maximumLength: Int = 60, folder: String? = nil) -> PropertyRun {
        var run = PropertyRun()
        let start = Date()
        for index in 0..<count {
            let sequenceSeed = seed &+ UInt64(index)
            var generator = EventSequenceGenerator(seed: sequenceSeed)
            let sequence = generator.sequence(maximumLength: maximumLength)
            run.sequences += 1
            guard let failure = SequenceProperties.check(sequence, counts: &run.counts) else { continue }
            var shrinker = SequenceShrinker(sequence, failure) { candidate in
                var ignored = RunCounts()
                return SequenceProperties.check(candidate, counts: &ignored)
            }
            shrinker.shrink()
            var found = Failure(seed: sequenceSeed, original: failure, shrunk: shrinker.best, failure: shrinker.failure)
            if let folder {
                let path = "\(folder)/property-failure-\(sequenceSeed).yaml"
                let text = FailureScenario.text(shrinker.best, failure: shrinker.failure, seed: sequenceSeed)
                if (try? ScenarioWriter.write(text, to: path)) != nil { found.file = path }
            }
            run.failures.append(found)
            if run.failures.count >= 5 { break }
        }
        run.seconds = Date().timeIntervalSince(start)
        return run
    }

    /// One line: sequences, events, rejected events, failed calls, seconds, failures.
    var summary: String {
        "\(sequences) sequences, \(counts.events) events (\(counts.rejected) rejected, \(counts.failed) failed "
            + "with an iOS error), \(String(format: "%.1f", seconds)) s, \(failures.count) failures"
    }

    /// Each failure: its seed, the property, the shrunk size and the saved file.
    var failureReport: String {
        failures.map { failure in
            "seed \(failure.seed): \(failure.failure)\n  shrunk to \(failure.shrunk.steps.count) steps over "
                + "\(failure.shrunk.setup.apps.count) apps" + (failure.file.map { "; saved as \($0)" } ?? "")
                + "\n" + failure.shrunk.description
        }.joined(separator: "\n")
    }
}
