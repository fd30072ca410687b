/// An audio session mode (`AVAudioSession.Mode`).
public enum Mode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case `default`
    case voiceChat
    case videoChat
    case gameChat
    case videoRecording
    case measurement
    case moviePlayback
    case spokenAudio
    case voicePrompt
    case shortFormVideo
    case dualRoute

    public var description: String { rawValue }

    /// The categories the mode is valid for (reference §3: H17 comments, ASPG Table B-2, API pages).
    /// With any other category the mode is accepted and behaves as `default`.
    public var validCategories: Set<Category> { Set(Category.allCases.filter(isValid(for:))) }

    /// Whether the mode is valid for `category` (see `validCategories`).
    public func isValid(for category: Category) -> Bool {
        switch self {
        case .default, .voicePrompt: true
        case .voiceChat, .gameChat: category == .playAndRecord
        case .videoChat, .videoRecording: category == .playAndRecord || category == .record
        case .measurement: category == .playAndRecord || category == .record || category == .playback
        case .moviePlayback, .spokenAudio, .shortFormVideo: category == .playback
        case .dualRoute: category == .multiRoute
        }
    }

    /// Options the mode switches on by itself (voiceChat: HFP; videoChat: HFP and defaultToSpeaker).
    public var impliedOptions: CategoryOptions {
        switch self {
        case .voiceChat: [.allowBluetoothHFP]
        case .videoChat: [.allowBluetoothHFP, .defaultToSpeaker]
        default: []
        }
    }
}
