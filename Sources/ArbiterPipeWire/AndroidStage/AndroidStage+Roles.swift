import ArbiterAndroid

extension AndroidStage {
    /// `media.role` for a player's `AudioAttributes`, in the role names PipeWire and WirePlumber use, the closest to
    /// each usage:
    ///
    /// | usage | media.role |
    /// |---|---|
    /// | `media` (content type `movie`) | `Movie` |
    /// | `media` (any other), `unknown` | `Music` |
    /// | `game` | `Game` |
    /// | `voiceCommunication`, `voiceCommunicationSignalling`, `callAssistant` | `Communication` |
    /// | `notificationRingtone`, `notification`, `notificationCommunication*`, `notificationEvent`, `assistanceSonification`, `vehicleStatus`, `announcement` | `Notification` |
    /// | `alarm` | `Alarm` |
    /// | `assistanceNavigationGuidance` | `Navigation` |
    /// | `assistant` | `Assistant` |
    /// | `assistanceAccessibility` | `Accessibility` |
    /// | `emergency`, `safety` | `Emergency` |
    ///
    /// The usage and content type themselves are on the stream too (`android.usage`, `android.content-type`).
    public static func role(usage: Usage, contentType: ContentType) -> String {
        switch usage {
        case .media where contentType == .movie: "Movie"
        case .media, .unknown: "Music"
        case .game: "Game"
        case .voiceCommunication, .voiceCommunicationSignalling, .callAssistant: "Communication"
        case .notificationRingtone, .notification, .notificationCommunicationRequest, .notificationCommunicationInstant,
             .notificationCommunicationDelayed, .notificationEvent, .assistanceSonification, .vehicleStatus,
             .announcement: "Notification"
        case .alarm: "Alarm"
        case .assistanceNavigationGuidance: "Navigation"
        case .assistant: "Assistant"
        case .assistanceAccessibility: "Accessibility"
        case .emergency, .safety: "Emergency"
        }
    }
}
