/// An audio session category (`AVAudioSession.Category`).
public enum Category: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case ambient
    /// The default category.
    case soloAmbient
    case playback
    case record
    case playAndRecord
    case multiRoute
    /// Deprecated in iOS 10 ("No longer supported"): no input and no output.
    case audioProcessing

    public var description: String { rawValue }

    /// What the category does, from the reference's category table (§1.1, ASPG Table B-1, ASPG14 p.47).
    public var traits: CategoryTraits {
        switch self {
        case .ambient:
            CategoryTraits(
                silencedBySwitchAndLock: true, mixableByDefault: true, interruptsNonMixable: false,
                hasInput: false, hasOutput: true, playsInBackground: false)
        case .soloAmbient:
            CategoryTraits(
                silencedBySwitchAndLock: true, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: false, hasOutput: true, playsInBackground: false)
        case .playback:
            CategoryTraits(
                silencedBySwitchAndLock: false, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: false, hasOutput: true, playsInBackground: true)
        case .record:
            CategoryTraits(
                silencedBySwitchAndLock: false, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: true, hasOutput: false, playsInBackground: true)
        case .playAndRecord:
            CategoryTraits(
                silencedBySwitchAndLock: false, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: true, hasOutput: true, playsInBackground: true)
        case .multiRoute:
            CategoryTraits(
                silencedBySwitchAndLock: false, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: true, hasOutput: true, playsInBackground: true)
        case .audioProcessing:
            CategoryTraits(
                silencedBySwitchAndLock: false, mixableByDefault: false, interruptsNonMixable: true,
                hasInput: false, hasOutput: false, playsInBackground: false)
        }
    }

    /// ambient, soloAmbient and playback: the categories that only play.
    public var isOutputOnly: Bool { traits.hasOutput && !traits.hasInput }
}

/// The behaviour of one category, a row of the reference's category table.
public struct CategoryTraits: Hashable, Sendable {
    /// Silenced by the Ring/Silent switch and by screen lock.
    public var silencedBySwitchAndLock: Bool
    /// Mixes with other apps without any option (only ambient).
    public var mixableByDefault: Bool
    /// Activating it interrupts other non-mixable sessions (unless made mixable by an option).
    public var interruptsNonMixable: Bool
    public var hasInput: Bool
    public var hasOutput: Bool
    /// Keeps running in the background with the `audio` background mode and an active session.
    public var playsInBackground: Bool
}
