import ArbiterAndroid
import ArgumentParser

/// `arbiter attach --platform android|androidAutomotive`: Android's audio focus over other programs' streams
/// (docs/linux.md, "Android's focus on a live graph"), in the same loop as iOS's.
extension Attach {
    /// The Android platform asked for, or nil for iOS's policy. Refuses what only iOS's session takes: a rules
    /// file (Android's apps come from the streams' media.role), a saved scenario and JSON lines.
    func androidPlatform() throws -> FocusPlatform? {
        guard let name = platform else {
            if sdk != nil { throw ValidationError("--sdk goes with --platform android or androidAutomotive") }
            return nil
        }
        if let sdk, !(26...36).contains(sdk) {
            throw ValidationError("--sdk is \(sdk); expected an Android API level from 26 to 36")
        }
        guard let focusPlatform = FocusPlatform(rawValue: name) else {
            throw ValidationError("--platform is \(name); expected android or androidAutomotive")
        }
        let refused = [("--rules", rules != nil), ("--save", save != nil), ("--json", json)].filter(\.1).map(\.0)
        guard refused.isEmpty else {
            throw ValidationError(
                "\(refused.joined(separator: ", ")) cannot be used with --platform \(name): Android's focus on a "
                    + "live graph takes the apps from the streams' media.role, saves no scenario and prints text only "
                    + "(docs/linux.md)")
        }
        return focusPlatform
    }
}
