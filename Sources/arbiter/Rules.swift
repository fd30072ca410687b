import ArgumentParser
import ArbiterEngine

extension Arbiter {
    /// `arbiter rules`: the rules the engine cites, with their statements and sources.
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the policy rules behind every decision, with their sources.")

        @Argument(help: "Show only rules whose identifier starts with this prefix (for example `activation`).")
        var prefix: String?

        func validate() throws {
            if let prefix, !Rule.catalog.contains(where: { $0.id.hasPrefix(prefix) }) {
                throw ValidationError("no rule starts with '\(prefix)'; expected a prefix such as "
                    + "activation, deactivation, system, background, audible, ducking, options")
            }
        }

        func run() {
            for rule in Rule.catalog where rule.id.hasPrefix(prefix ?? "") {
                print(rule.id)
                print("  \(rule.statement)")
                print("  source: \(rule.source) (\(rule.evidence))")
            }
        }
    }
}
