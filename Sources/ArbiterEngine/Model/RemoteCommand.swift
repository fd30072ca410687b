/// A remote command (`MPRemoteCommandCenter`), as the lock screen, Control Center or a headset sends it.
public enum RemoteCommand: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case play, pause, stop, togglePlayPause
    case nextTrack, previousTrack, changeRepeatMode, changeShuffleMode
    case changePlaybackRate, seekBackward, seekForward, skipBackward, skipForward, changePlaybackPosition
    case rating, like, dislike, bookmark
    case enableLanguageOption, disableLanguageOption

    public var description: String { rawValue }
}

/// `MPRemoteCommandHandlerStatus`.
public enum HandlerStatus: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case success = 0
    case noSuchContent = 100
    case noActionableNowPlayingItem = 110
    case deviceNotFound = 120
    case commandFailed = 200

    public var description: String {
        switch self {
        case .success: "success"
        case .noSuchContent: "noSuchContent"
        case .noActionableNowPlayingItem: "noActionableNowPlayingItem"
        case .deviceNotFound: "deviceNotFound"
        case .commandFailed: "commandFailed"
        }
    }
}

/// What an app published to `MPNowPlayingInfoCenter`.
public struct NowPlayingInfo: Hashable, Sendable {
    public var title: String?
    public var artist: String?
    public var album: String?
    /// Seconds.
    public var duration: Double?
    /// Seconds into the item when published.
    public var elapsed: Double?
    /// `MPNowPlayingInfoPropertyPlaybackRate`: 1 when omitted.
    public var rate: Double?
    /// `MPNowPlayingInfoPropertyDefaultPlaybackRate`: the rate the item plays at when not seeking, for an app that
    /// plays at other than 1 by default (reference §8.2). Carried; the lock screen extrapolates at `rate`.
    public var defaultRate: Double?

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, duration: Double? = nil,
        elapsed: Double? = nil, rate: Double? = nil, defaultRate: Double? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.elapsed = elapsed
        self.rate = rate
        self.defaultRate = defaultRate
    }

    /// The rate the lock screen uses: the published one, else 1.
    public var effectiveRate: Double { rate ?? 1 }
}

/// Now Playing info as published at an instant.
public struct PublishedInfo: Hashable, Sendable {
    public var info: NowPlayingInfo
    public var at: Time

    /// The elapsed time the lock screen shows at `time`: extrapolated from the last info and its rate,
    /// kept within the item's duration.
    public func elapsed(at time: Time) -> Double {
        var value = (info.elapsed ?? 0) + info.effectiveRate * (time - at).seconds
        if let duration = info.duration { value = min(value, duration) }
        return max(value, 0)
    }
}

/// What the lock screen shows: the Now Playing app and its info at an instant.
public struct NowPlayingView: Hashable, Sendable {
    public var app: AppID
    public var title: String?
    public var duration: Double?
    public var elapsed: Double?
    public var rate: Double?
}
