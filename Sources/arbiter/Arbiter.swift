import ArbiterEngine
import ArgumentParser

/// The `arbiter` command: simulates how phones arbitrate audio between apps (iOS, Android and HarmonyOS).
@main
struct Arbiter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arbiter",
        abstract:
            "Simulate how phones arbitrate audio between apps (iOS's audio session, Android's and HarmonyOS's audio "
            + "focus), and "
            + "explain every decision.",
        version: ArbiterVersion.current,
        subcommands: [Replay.self, Lint.self, Repl.self, Rules.self, Lints.self, Soak.self, Attach.self]
    )
}
