/// An iOS release, as a scenario's `ios:` names it: by its major number, which stands for the release's last point
/// (`ios: 14` is iOS 14.5, `ios: 10` is 10.3), so something introduced in a point release is available under its major.
public struct Release: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Whether a device running `ios` (a major number) has what this release introduced.
    public func isAvailable(on ios: Int) -> Bool { ios >= major }

    public var description: String { minor == 0 ? "iOS \(major)" : "iOS \(major).\(minor)" }

    public static func < (lhs: Release, rhs: Release) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    /// The oldest release the model describes, and the newest.
    public static let oldest = 9
    public static let newest = 27
}

extension CategoryOption {
    /// The release that introduced the option (reference §2.1, H17 and H26).
    public var introduced: Release {
        switch self {
        case .mixWithOthers, .duckOthers, .allowBluetoothHFP, .defaultToSpeaker: Release(6)
        case .interruptSpokenAudioAndMixWithOthers: Release(9)
        case .allowBluetoothA2DP, .allowAirPlay: Release(10)
        case .overrideMutedMicrophoneInterruption: Release(14, 5)
        case .bluetoothHighQualityRecording: Release(26)
        case .farFieldInput: Release(26, 2)
        }
    }
}

extension Mode {
    /// The release that introduced the mode (reference §3).
    public var introduced: Release {
        switch self {
        case .default, .voiceChat, .gameChat, .videoRecording, .measurement: Release(5)
        case .moviePlayback: Release(6)
        case .videoChat: Release(7)
        case .spokenAudio: Release(9)
        case .voicePrompt: Release(12)
        case .shortFormVideo: Release(26)
        case .dualRoute: Release(26, 2)
        }
    }
}

extension CallStyle {
    /// The release that introduced the call style: calls rang full screen, and only so, before iOS 14 (§5.2).
    public var introduced: Release { self == .banner ? Release(14) : Release(1) }
}

extension AppAction {
    /// The release that introduced the call this action stands for, when it came after the oldest release the model
    /// describes; nil otherwise.
    public var introduced: Release? {
        switch self {
        case .setPrefersNoInterruptionsFromSystemAlerts: Release(14, 5)
        case .setPrefersInterruptionOnRouteDisconnect: Release(17)
        case .setCategory(_, let mode, let options):
            (options.map(\.introduced) + [mode?.introduced].compactMap { $0 }).filter { $0.major > Release.oldest }
                .max()
        case .setMode(let mode): mode.introduced.major > Release.oldest ? mode.introduced : nil
        default: nil
        }
    }
}
