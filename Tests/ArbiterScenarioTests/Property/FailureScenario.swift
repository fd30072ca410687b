import ArbiterEngine

@testable import ArbiterScenario

/// A failing sequence as a scenario file: `arbiter replay` runs it to the point where the property breaks.
enum FailureScenario {
    /// The file: a header naming the property, the message and the seed, the setup and events as the REPL's
    /// `save` writes them (time passing alone as an empty `expect`, which advances the clock), and a last `expect`
    /// with what each app was doing when the property broke.
    static func text(_ sequence: EventSequence, failure: PropertyFailure, seed: UInt64) -> String {
        let header = [
            "# A generated event sequence (property tests), shrunk to what still fails.",
            "# Property: \(failure.property)" + (failure.step.map { ", at step \($0 + 1)" } ?? ""),
            "# " + failure.message.split(separator: "\n").joined(separator: "\n# "),
            "# Reproduce: ARBITER_PROPERTY_SEED=\(seed) ARBITER_PROPERTY_RUNS=1 bash tools/property.sh",
        ]
        var lines = ScenarioWriter.text(
            setup: sequence.setup, steps: [],
            title: "Generated: \(failure.property) fails"
        ).split(separator: "\n").map(String.init)
        lines.removeLast()
        lines.append("steps:")
        var engine = try? Engine(sequence.setup)
        for step in sequence.steps {
            engine?.handle(step.event, at: step.time)
            lines.append("  - at: \(step.time)")
            lines.append("    " + (ScenarioWriter.step(step.event) ?? "expect: {}"))
        }
        if let engine {
            lines.append("  - expect:")
            for app in engine.apps {
                let audible = engine.audibility(of: app.id)?.isAudible ?? false
                lines.append(
                    "      \(ScenarioWriter.name(app.id.name)): { state: \(app.lifecycle), active: "
                        + "\(app.session.isActive), interrupted: \(app.session.isInterrupted), playing: \(app.isPlaying), "
                        + "audible: \(audible) }")
            }
        }
        return (header + lines).joined(separator: "\n") + "\n"
    }
}
