import ArbiterAndroid
import ArbiterEngine
import ArbiterHarmony
import ArbiterLive
import ArbiterScenario
import ArgumentParser

extension Arbiter {
    /// `arbiter rules`: the rules the engines cite, with their statements and sources.
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the policy rules behind every decision, with their sources.",
            discussion:
                "iOS's rules first, then Android's (the phone's and the car's), then HarmonyOS's, then the live mode's own "
                + "(`arbiter attach`: how the graph becomes events and decisions reach programs); --platform shows "
                + "one platform's.")

        @Argument(help: "Show only rules whose identifier starts with this prefix (for example `activation`).")
        var prefix: String?

        @Option(
            help: ArgumentHelp(
                "Show only one platform's rules: ios, android (the phone's and the car's) or harmonyos.",
                valueName: "PLATFORM"))
        var platform: ScenarioPlatform?

        /// The rules asked for, iOS's, Android's, then HarmonyOS's.
        var rules: [Rule] {
            switch platform {
            case .ios: Rule.catalog
            case .android, .androidAutomotive: AndroidRules.catalog
            case .harmonyos: HarmonyRules.catalog
            case nil: Rule.catalog + AndroidRules.catalog + HarmonyRules.catalog
            }
        }

        /// The live mode's rules, listed after every platform's (with no --platform).
        var liveRules: [LiveRule] { platform == nil ? LiveRule.all : [] }

        func validate() throws {
            let ids = rules.map(\.id) + liveRules.map(\.id)
            if let prefix, !ids.contains(where: { $0.hasPrefix(prefix) }) {
                let areas = Set(ids.map { String($0.prefix { $0 != "." }) }).sorted()
                throw ValidationError(
                    "no rule starts with '\(prefix)'; expected a prefix such as "
                        + areas.joined(separator: ", "))
            }
        }

        func run() {
            for rule in rules where rule.id.hasPrefix(prefix ?? "") {
                print(rule.id)
                print("  \(rule.statement)")
                print("  source: \(rule.source) (\(rule.evidence))")
            }
            for rule in liveRules where rule.id.hasPrefix(prefix ?? "") {
                print(rule.id)
                print("  \(rule.statement)")
                print("  source: \(LiveRule.source) (Arbiter's own)")
            }
        }
    }
}
