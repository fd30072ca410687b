import ArbiterEngine

/// `MPNowPlayingInfoCenter`: what the running app publishes for the lock screen and Control Center. Setting
/// `nowPlayingInfo` is a call of the app in the engine (the lock screen shows it while the app is Now Playing and
/// extrapolates the elapsed time at the published rate, 1 when omitted: reference §8.2).
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

    /// The info as the app last set it, every key kept and read back as set (`MPMediaItemPropertyTitle`,
    /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`, ...). The engine is given the title, artist, album title,
    /// duration, elapsed time, rate and default rate; numbers may be any numeric type, `NSNumber` or `CMTime`, as on
    /// iOS. Setting nil clears it.
    open var nowPlayingInfo: [String: Any]? {
        get { info }
        set {
            info = newValue
            guard let app else { return Diagnostics.outsideApp("MPNowPlayingInfoCenter.nowPlayingInfo") }
            let published = newValue.map(MPNowPlayingInfoCenter.engineInfo)
            let summary =
                published.map { info in
                    [
                        info.title.map { "title \($0)" }, info.elapsed.map { "elapsed \($0)" },
                        info.rate.map { "rate \($0)" },
                        info.defaultRate.map { "defaultRate \($0)" },
                    ]
                    .compactMap { $0 }.joined(separator: ", ")
                } ?? "nil"
            app.call(.nowPlayingInfo(published), api: "MPNowPlayingInfoCenter.nowPlayingInfo = [\(summary)]")
        }
    }

    /// Kept and read back; honoured on macOS only: on iOS the state comes from the audio session (reference §8.1).
    open var playbackState: MPNowPlayingPlaybackState = .unknown

    static func engineInfo(_ info: [String: Any]) -> NowPlayingInfo {
        NowPlayingInfo(
            title: info[MPMediaItemPropertyTitle] as? String,
            artist: info[MPMediaItemPropertyArtist] as? String,
            album: info[MPMediaItemPropertyAlbumTitle] as? String,
            duration: number(info[MPMediaItemPropertyPlaybackDuration]),
            elapsed: number(info[MPNowPlayingInfoPropertyElapsedPlaybackTime]),
            rate: number(info[MPNowPlayingInfoPropertyPlaybackRate]),
            defaultRate: number(info[MPNowPlayingInfoPropertyDefaultPlaybackRate]))
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
    case unknown = 0
    case playing, paused, stopped, interrupted
}

/// `MPNowPlayingInfoMediaType`, the value of `MPNowPlayingInfoPropertyMediaType` (as its `rawValue` or an `NSNumber`).
public enum MPNowPlayingInfoMediaType: UInt, Sendable {
    case none = 0
    case audio, video
}
