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
    public var validCategories: Set<Category> {
        switch self {
        case .default, .voicePrompt: Set(Category.allCases)
        case .voiceChat, .gameChat: [.playAndRecord]
        case .videoChat, .videoRecording: [.playAndRecord, .record]
        case .measurement: [.playAndRecord, .record, .playback]
        case .moviePlayback, .spokenAudio, .shortFormVideo: [.playback]
        case .dualRoute: [.multiRoute]
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
