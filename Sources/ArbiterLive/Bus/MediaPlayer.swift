/// An MPRIS player on the session bus (org.mpris.MediaPlayer2.*), with the process that owns its name.
public struct MediaPlayer: Sendable, Equatable {
    /// Its well-known name, such as `org.mpris.MediaPlayer2.vlc`.
    public var busName: String
    /// The process that owns the name (the bus's GetConnectionUnixProcessID).
    public var processID: Int32
    /// Its `Identity` property ("VLC media player"), nil when it has none.
    public var identity: String?
    /// Its `PlaybackStatus`: "Playing", "Paused" or "Stopped"; nil when it did not say.
    public var playbackStatus: String?

    public init(busName: String, processID: Int32, identity: String? = nil, playbackStatus: String? = nil) {
        self.busName = busName
        self.processID = processID
        self.identity = identity
        self.playbackStatus = playbackStatus
    }
}
