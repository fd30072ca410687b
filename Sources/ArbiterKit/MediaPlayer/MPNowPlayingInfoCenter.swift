import ArbiterEngine

/// `MPNowPlayingInfoCenter`: what the running app publishes for the lock screen and Control Center. Setting
/// `nowPlayingInfo` is a call of the app in the engine (the lock screen shows it while the app is Now Playing and
/// extrapolates the elapsed time at the published rate, 1 when omitted).
open class MPNowPlayingInfoCenter: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    private static let outside = MPNowPlayingInfoCenter(app: nil)
    private var info: [String: Any]?

    init(app: SimulatedApp?) { self.app = app }

    /// The running app's center.
    open class func `default`() -> MPNowPlayingInfoCenter {
        if let app = SimulatedApp.current { return app.nowPlayingInfoCenter }
        Diagnostics.outsideApp("MPNowPlayingInfoCenter.default()")
        return outside
    }

    /// The info as the app last set it (keys `MPMediaItemPropertyTitle`, `MPNowPlayingInfoPropertyElapsedPlaybackTime`,
    /// ...). Numbers may be any numeric type or NSNumber, as on iOS.
    open var nowPlayingInfo: [String: Any]? {
        get { info }
        set {
            info = newValue
            guard let app else { return Diagnostics.outsideApp("MPNowPlayingInfoCenter.nowPlayingInfo") }
            let published = newValue.map(MPNowPlayingInfoCenter.engineInfo)
            let summary = published.map { info in
                [info.title.map { "title \($0)" }, info.elapsed.map { "elapsed \($0)" }, info.rate.map { "rate \($0)" }]
                    .compactMap { $0 }.joined(separator: ", ")
            } ?? "nil"
            app.call(.nowPlayingInfo(published), api: "MPNowPlayingInfoCenter.nowPlayingInfo = [\(summary)]")
        }
    }

    /// Honoured on macOS only: on iOS the state comes from the audio session.
    open var playbackState: MPNowPlayingPlaybackState = .unknown

    static func engineInfo(_ info: [String: Any]) -> NowPlayingInfo {
        NowPlayingInfo(title: info[MPMediaItemPropertyTitle] as? String,
                       artist: info[MPMediaItemPropertyArtist] as? String,
                       album: info[MPMediaItemPropertyAlbumTitle] as? String,
                       duration: number(info[MPMediaItemPropertyPlaybackDuration]),
                       elapsed: number(info[MPNowPlayingInfoPropertyElapsedPlaybackTime]),
                       rate: number(info[MPNowPlayingInfoPropertyPlaybackRate]))
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as UInt: Double(value)
        case let value as NSNumber: value.doubleValue
        case let value as CMTime: value.isNumeric ? value.seconds : nil
        default: nil
        }
    }
}

/// `MPNowPlayingPlaybackState`.
public enum MPNowPlayingPlaybackState: UInt, Sendable {
    case unknown = 0, playing, paused, stopped, interrupted
}

public let MPMediaItemPropertyTitle = "title"
public let MPMediaItemPropertyArtist = "artist"
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
public let MPMediaItemPropertyArtwork = "artwork"
public let MPMediaItemPropertyMediaType = "mediaType"
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
public let MPNowPlayingInfoPropertyDefaultPlaybackRate = "MPNowPlayingInfoPropertyDefaultPlaybackRate"
public let MPNowPlayingInfoPropertyPlaybackQueueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
public let MPNowPlayingInfoPropertyPlaybackQueueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
public let MPNowPlayingInfoPropertyMediaType = "MPNowPlayingInfoPropertyMediaType"
public let MPNowPlayingInfoPropertyIsLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"

/// `MPMediaItemArtwork`: lock-screen artwork. Kept, not shown.
open class MPMediaItemArtwork: NSObject, @unchecked Sendable {
    public let bounds: CGRect

    public init(boundsSize: CGSize, requestHandler: @escaping (CGSize) -> Any) {
        bounds = CGRect(origin: .zero, size: boundsSize)
    }
}
