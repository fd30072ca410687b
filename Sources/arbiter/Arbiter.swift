import ArbiterEngine
import ArgumentParser

/// The `arbiter` command: simulates how iOS arbitrates audio between apps.
@main
struct Arbiter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arbiter",
        abstract: "Simulate how iOS arbitrates audio between apps, and explain every decision.",
        version: ArbiterVersion.current,
        subcommands: [Replay.self, Lint.self, Repl.self, Rules.self, Lints.self, Soak.self, Attach.self]
    )
}
