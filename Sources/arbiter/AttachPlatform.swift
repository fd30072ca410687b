import ArbiterAndroid
import ArbiterHarmony
import ArbiterLive
import ArbiterPipeWire
import ArgumentParser
import Logging

/// `arbiter attach --platform android|androidAutomotive|harmonyos`: Android's or HarmonyOS's audio focus over other
/// programs' streams (docs/linux.md, "Android's focus on a live graph" and "HarmonyOS's focus on a live graph"), in
/// the same loop as iOS's.
extension Attach {
    /// The focus platform asked for.
    enum FocusChoice {
        case android(FocusPlatform)
        case harmonyos
    }

    /// The focus platform asked for, or nil for iOS's policy. Refuses an API level outside the platform's, one given
    /// for the other platform, and what only iOS's session takes: a rules file (the apps come from the streams'
    /// media.role), a saved scenario and JSON lines.
    func focusChoice() throws -> FocusChoice? {
        guard let name = platform else {
            if sdk != nil { throw ValidationError("--sdk goes with --platform android or androidAutomotive") }
            if api != nil { throw ValidationError("--api goes with --platform harmonyos") }
            return nil
        }
        let choice: FocusChoice
        let focusName: String
        if name == "harmonyos" {
            if sdk != nil {
                throw ValidationError("--sdk goes with --platform android or androidAutomotive; HarmonyOS takes --api")
            }
            let levels = HarmonySetup.apiLevels
            if let api, !levels.contains(api) {
                throw ValidationError(
                    "--api is \(api); expected a HarmonyOS API level from \(levels.lowerBound) to \(levels.upperBound)")
            }
            choice = .harmonyos
            focusName = "HarmonyOS's focus"
        } else if let focusPlatform = FocusPlatform(rawValue: name) {
            if api != nil { throw ValidationError("--api goes with --platform harmonyos; Android takes --sdk") }
            if let sdk, !(26...36).contains(sdk) {
                throw ValidationError("--sdk is \(sdk); expected an Android API level from 26 to 36")
            }
            choice = .android(focusPlatform)
            focusName = "Android's focus"
        } else {
            throw ValidationError("--platform is \(name); expected android, androidAutomotive or harmonyos")
        }
        let refused = [("--rules", rules != nil), ("--save", save != nil), ("--json", json)].filter(\.1).map(\.0)
        guard refused.isEmpty else {
            throw ValidationError(
                "\(refused.joined(separator: ", ")) cannot be used with --platform \(name): \(focusName) on a "
                    + "live graph takes the apps from the streams' media.role, saves no scenario and prints text only "
                    + "(docs/linux.md)")
        }
        return choice
    }

    /// The session for `choice` over `graph`.
    func focusSession(
        _ choice: FocusChoice, graph: ProgramGraph, players: SessionBus?, ledger: LeaveLedger, logger: Logger
    ) throws -> any LivePolicy {
        switch choice {
        case .android(let focusPlatform):
            try AndroidLiveSession(
                graph: graph, platform: focusPlatform, sdk: sdk, players: players, ledger: ledger, logger: logger
            ) { AttachOutput.line($0) }
        case .harmonyos:
            try HarmonyLiveSession(graph: graph, api: api, players: players, ledger: ledger, logger: logger) {
                AttachOutput.line($0)
            }
        }
    }
}
