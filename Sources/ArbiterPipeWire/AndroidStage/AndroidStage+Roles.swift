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
    /// Movie, Music, Game, Communication, Notification and Accessibility are in PipeWire's own list (`PW_KEY_MEDIA_ROLE`);
    /// Navigation and Emergency are roles of WirePlumber's role policy; Alarm and Assistant name what neither list
    /// has a word for. The usage and content type themselves are on the stream too (`android.usage`,
    /// `android.content-type`), with the app's uid (`android.uid`) and the player's kind (`android.player`).
    public static func role(usage: Usage, contentType: ContentType) -> String {
        switch usage {
        case .media where contentType == .movie: "Movie"
        case .media, .unknown: "Music"
        case .game: "Game"
        case .voiceCommunication, .voiceCommunicationSignalling, .callAssistant: "Communication"
        case .notificationRingtone, .notification, .notificationCommunicationRequest, .notificationCommunicationInstant,
            .notificationCommunicationDelayed, .notificationEvent, .assistanceSonification, .vehicleStatus,
            .announcement:
            "Notification"
        case .alarm: "Alarm"
        case .assistanceNavigationGuidance: "Navigation"
        case .assistant: "Assistant"
        case .assistanceAccessibility: "Accessibility"
        case .emergency, .safety: "Emergency"
        }
    }
}
