/// The kind of player an app uses; each has its own automatic behaviour.
public enum PlayerKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// AVAudioPlayer.
    case audioPlayer
    /// AVPlayer.
    case avPlayer
    /// AVQueuePlayer.
    case queuePlayer
    /// An AVPlayer shown in AVPlayerViewController.
    case playerViewController
    /// MPMusicPlayerController.systemMusicPlayer: the Music app plays on the app's behalf.
    case systemMusicPlayer
    /// MPMusicPlayerController.applicationMusicPlayer.
    case applicationMusicPlayer
    /// AVAudioEngine.
    case audioEngine
    /// AVAudioRecorder: records instead of playing.
    case recorder

    public var description: String { rawValue }

    /// Whether the player captures input rather than playing output.
    public var isRecorder: Bool { self == .recorder }

    /// MPMusicPlayerController: the system or an application music player.
    public var isMusicPlayer: Bool { self == .systemMusicPlayer || self == .applicationMusicPlayer }
}

/// A player's state. For a recorder, `playing` means recording.
public enum PlayerState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case playing, paused, stopped
    public var description: String { rawValue }
}

/// An item a player plays: a title and a duration in seconds.
public struct PlayerItem: Hashable, Sendable {
    public var title: String?
    public var duration: Double?
    /// Whether loading the item fails (a bad URL, a server error): `AVPlayerItem.status` becomes failed.
    public var fails: Bool

    public init(title: String? = nil, duration: Double? = nil, fails: Bool = false) {
        self.title = title
        self.duration = duration
        self.fails = fails
    }
}

/// `AVPlayerItem.Status`: whether the current item loaded.
public enum ItemStatus: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case unknown, readyToPlay, failed
    public var description: String { rawValue }
}

/// `AVPlayer.TimeControlStatus`: whether a player asked to play is actually playing.
public enum TimeControlStatus: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case paused, waitingToPlayAtSpecifiedRate, playing
    public var description: String { rawValue }
}

/// How an app declares a player.
public struct PlayerConfig: Hashable, Sendable {
    public var name: String
    public var kind: PlayerKind
    /// The items, in order; the first is current. A queuePlayer advances through them.
    public var items: [PlayerItem]
    /// For playerViewController: whether it publishes Now Playing info and handles remote commands itself.
    public var updatesNowPlayingInfoCenter: Bool
    /// Whether the player's video is on screen (an AVPlayerLayer or AVPlayerViewController shows it).
    /// Default: true for playerViewController, false otherwise.
    public var showsVideo: Bool
    /// For the music players: whether the app called `beginGeneratingPlaybackNotifications`.
    public var generatesPlaybackNotifications: Bool
    /// Whether this is the Music app's own player (the one every systemMusicPlayer drives), not an app's handle on it.
    var playsInMusicApp = false
    /// For the AVPlayer kinds: whether the items come over the network (HTTP, HLS), so they load and buffer only while
    /// the device is online.
    public var streams = false
    /// `AVPlayer.automaticallyWaitsToMinimizeStalling` (default true, iOS 10+): a stalled player waits at its rate
    /// and goes on by itself; false: it pauses (rate 0) and the app must play again.
    public var automaticallyWaitsToMinimizeStalling = true

    public init(
        name: String, kind: PlayerKind, items: [PlayerItem] = [], updatesNowPlayingInfoCenter: Bool = true,
        showsVideo: Bool? = nil, generatesPlaybackNotifications: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.items = items
        self.updatesNowPlayingInfoCenter = updatesNowPlayingInfoCenter
        self.showsVideo = showsVideo ?? (kind == .playerViewController)
        self.generatesPlaybackNotifications = generatesPlaybackNotifications
    }
}

/// A player, its state, its current item and its position.
public struct Player: Hashable, Sendable {
    public var name: String
    public var kind: PlayerKind
    public var state: PlayerState = .stopped
    public var items: [PlayerItem]
    public var itemIndex = 0
    public let updatesNowPlayingInfoCenter: Bool
    public var showsVideo: Bool
    public let generatesPlaybackNotifications: Bool
    /// Whether this is the Music app's own player: it publishes Now Playing and plays through its queue.
    public let playsInMusicApp: Bool
    /// Whether its items come over the network (`PlayerConfig.streams`).
    public let streams: Bool
    public let automaticallyWaitsToMinimizeStalling: Bool
    /// `AVPlayerItem.status` of the current item.
    public var itemStatus: ItemStatus
    /// Whether the current item's playback buffer is empty (`isPlaybackBufferEmpty`; the opposite of
    /// `isPlaybackLikelyToKeepUp` here): a loaded streamed item while the device is offline.
    public var isBufferEmpty = false
    /// Asked to play but waiting for its item to load or its buffer to fill: no sound, the position holds.
    public var isWaiting = false
    /// Paused by an interruption (not by the app or the user): what `resumeIfShouldResume` resumes.
    public var pausedByInterruption = false
    /// The playback rate asked for (`AVPlayer.rate`, `AVAudioPlayer.rate`): 1 is normal speed, 2 twice as fast.
    public var rate: Double = 1
    /// Seconds into the current item at `positionTime`; it advances at `rate` while playing.
    public var position: Double = 0
    public var positionTime: Time = .zero

    public init(_ config: PlayerConfig) {
        name = config.name
        kind = config.kind
        items = config.items
        updatesNowPlayingInfoCenter = config.updatesNowPlayingInfoCenter
        showsVideo = config.showsVideo
        generatesPlaybackNotifications = config.generatesPlaybackNotifications
        playsInMusicApp = config.playsInMusicApp
        streams = config.streams
        automaticallyWaitsToMinimizeStalling = config.automaticallyWaitsToMinimizeStalling
        itemStatus = config.streams ? .unknown : .readyToPlay
    }

    /// `AVPlayer.timeControlStatus`: paused unless asked to play; waiting while the item loads or the buffer is empty.
    public var timeControlStatus: TimeControlStatus {
        state != .playing ? .paused : isWaiting ? .waitingToPlayAtSpecifiedRate : .playing
    }

    /// Playing and producing sound (not waiting for its stream).
    public var isProducing: Bool { state == .playing && !isWaiting }

    /// `AVPlayer.rate`: the rate asked for while playing (kept while waiting for the stream), 0 when paused or stopped.
    public var effectiveRate: Double { state == .playing ? rate : 0 }

    /// Whether the player is an app's systemMusicPlayer: a handle on the Music app's player, which plays in the Music
    /// app's session; the handle itself never runs.
    public var drivesMusicApp: Bool { kind == .systemMusicPlayer && !playsInMusicApp }

    /// Whether the player is an MPMusicPlayerController.
    public var isMusicPlayer: Bool { kind.isMusicPlayer }

    /// Playing (or, for a recorder, recording).
    public var isRunning: Bool { state == .playing }

    /// The item being played, if the player names one.
    public var currentItem: PlayerItem? { items.indices.contains(itemIndex) ? items[itemIndex] : nil }

    /// Whether the current item has a known end. Inlined, and without `currentItem`, which copies the item
    /// (performance conventions: in-place reads).
    var hasTimedItem: Bool {
        @inline(__always) get { itemIndex >= 0 && itemIndex < items.count && items[itemIndex].duration != nil }
    }

    /// Seconds into the current item at `time`.
    public func position(at time: Time) -> Double {
        state == .playing && !isWaiting ? position + (time - positionTime).seconds * rate : position
    }

    /// Whether the player publishes Now Playing info and handles remote commands on its own.
    /// Inlined (performance conventions: in-place reads).
    public var publishesNowPlaying: Bool {
        @inline(__always) get {
            switch kind {
            case .playerViewController: updatesNowPlayingInfoCenter
            case .applicationMusicPlayer: true
            case .systemMusicPlayer: playsInMusicApp
            case .audioPlayer, .avPlayer, .queuePlayer, .audioEngine, .recorder: false
            }
        }
    }

    /// Changes state at `time`, keeping the position continuous; `byInterruption`: an interruption pauses it.
    mutating func set(_ newState: PlayerState, at time: Time, byInterruption: Bool = false) {
        position = position(at: time)
        positionTime = time
        state = newState
        pausedByInterruption = newState == .paused && byInterruption
    }

    /// Plays at `newRate` from `time` on, keeping the position continuous.
    mutating func setRate(_ newRate: Double, at time: Time) {
        position = position(at: time)
        positionTime = time
        rate = newRate
    }

    /// Moves to `seconds` into the current item at `time`.
    mutating func seek(to seconds: Double, at time: Time) {
        position = max(0, seconds)
        positionTime = time
    }
}

extension UnsafeBufferPointer<Player> {
    /// Whether an action naming `name` (nil: every player but the recorders) means player `p`. It reads the two
    /// fields in place (performance conventions: in-place reads).
    func isNamed(_ p: Int, by name: String?) -> Bool {
        name == nil ? !self[p].kind.isRecorder : self[p].name == name
    }
}
