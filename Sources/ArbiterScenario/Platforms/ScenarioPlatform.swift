/// The platform a scenario (or one run of a cross-platform scenario) is replayed on.
public enum ScenarioPlatform: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// iOS's audio session (the `ArbiterEngine` policy).
    case ios
    /// An Android phone's audio focus stack (`ArbiterAndroid`).
    case android
    /// An Android Automotive car's focus matrix (`ArbiterAndroid`).
    case androidAutomotive
    /// A HarmonyOS phone's audio focus (`ArbiterHarmony`).
    case harmonyos

    /// The key of this platform's block in a cross-platform file (`ios:`, `android:`); the car uses `android:` too
    /// unless the file gives it an `androidAutomotive:` block.
    var blockKeys: [String] {
        switch self {
        case .ios: ["ios"]
        case .android: ["android"]
        case .androidAutomotive: ["androidAutomotive", "android"]
        case .harmonyos: ["harmonyos"]
        }
    }

    public var description: String { rawValue }
}
