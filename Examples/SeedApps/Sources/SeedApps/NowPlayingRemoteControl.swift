#if os(iOS)
    import AVFoundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// Seed 001 ("iOS音频篇:使用AVPlayer播放网络音乐"): a network music player (`AVPlayer`) that observes its item's status,
/// its progress and its end, plays the next song when one ends, takes remote control and fills in the Now Playing
/// info center.
///
/// What it gets right: the Now Playing info is published when the song changes and when it becomes ready to play,
/// and the lock screen extrapolates the elapsed time from the published rate, so it need not be republished every
/// second (§9 S1-2); the next song starts when one ends; remote play, pause, next and the headset's toggle reach the
/// player.
///
/// Known bug, in the fact base: S1-3. The article says the Now Playing progress "pauses automatically" when
/// playback pauses. It does not: the app always publishes rate 1 and does not republish on pause, so the lock
/// screen's elapsed time keeps running while the song is paused (§8.2).
///
/// The article handles remote control with `beginReceivingRemoteControlEvents` and
/// `remoteControlReceivedWithEvent:` (the legacy path, not modelled); here the same switch is written with
/// `MPRemoteCommandCenter` handlers. Its artwork (`MPMediaItemArtwork(image:)`) and the buffering KVO
/// (`loadedTimeRanges`) are left out. Like the article, it sets no audio session category.
public final class NowPlayingRemoteControl {
    /// A song from the playlist the article gets from its radio API.
    public struct Song: Hashable, Sendable {
        public var title: String
        public var artist: String
        public var url: URL

        public init(title: String, artist: String, url: URL) {
            self.title = title
            self.artist = artist
            self.url = url
        }
    }

    public let playlist: [Song]
    public private(set) var currentIndex = 0
    public private(set) var player: AVPlayer?
    /// What the progress bar and the two time labels show: `"%.f"` seconds played, `"%.2f"` seconds in all.
    public private(set) var progress: Double = 0
    public private(set) var playTime = "0"
    public private(set) var playDuration = "0"
    /// What the status KVO saw last.
    public private(set) var statusLog: [String] = []

    /// The app's notification center, kept for `deinit`.
    private let notificationCenter = NotificationCenter.default
    private var statusObservation: NSKeyValueObservation?
    private var timeObserver: Any?
    private var endObserver: NSObjectProtocol?
    private var commandTargets: [(MPRemoteCommand, Any)] = []

    public var currentSong: Song { playlist[currentIndex] }
    public var isPlaying: Bool { (player?.rate ?? 0) != 0 }

    public init(playlist: [Song]) {
        precondition(!playlist.isEmpty, "the playlist has no song")
        self.playlist = playlist
        // The AppDelegate's remote control set-up: 声明接收Remote Control事件
        UIApplication.shared.beginReceivingRemoteControlEvents()
        setUpRemoteControl()
    }

    deinit {
        for (command, target) in commandTargets { command.removeTarget(target) }
        removeObservers()
    }

    // MARK: 播放逻辑

    /// (2)-(3): selects the first song of the playlist and starts it.
    public func start() {
        load(0)
    }

    /// (3) 根据当前歌曲初始化播放器、同步歌曲信息到Now Playing Center; (4) plays once the item is ready.
    private func load(_ index: Int) {
        removeObservers()
        currentIndex = index
        progress = 0
        playTime = "0"
        playDuration = "0"
        let songItem = AVPlayerItem(url: currentSong.url)
        if let player {
            player.replaceCurrentItem(with: songItem)
        } else {
            player = AVPlayer(playerItem: songItem)
        }
        guard let player else { return }
        addObservers(player: player, songItem: songItem)
        configNowPlayingCenter()
        // 初始化完player之后不一定会马上开始播放,需要等待player的状态变为ReadyToPlay才会进行播放
        player.play()
    }

    private func addObservers(player: AVPlayer, songItem: AVPlayerItem) {
        // 媒体加载状态
        statusObservation = songItem.observe(\.status, options: [.new]) { [weak self] item, _ in
            self?.statusChanged(item.status)
        }
        // 监听播放进度
        timeObserver = player.addPeriodicTimeObserver(
            forInterval: CMTimeMake(value: 1, timescale: 1), queue: .main
        ) { [weak self] time in
            guard let self else { return }
            let current = CMTimeGetSeconds(time)
            let total = CMTimeGetSeconds(songItem.duration)
            if current != 0 {
                self.progress = current / total
                self.playTime = String(format: "%.f", current)
                self.playDuration = String(format: "%.2f", total)
            }
        }
        // 播放完毕状态
        endObserver = notificationCenter.addObserver(
            forName: .AVPlayerItemDidPlayToEndTime, object: songItem, queue: nil
        ) { [weak self] _ in
            self?.playbackFinished()
        }
    }

    /// 播放下一首前,别忘了移除这个item的观察者
    private func removeObservers() {
        statusObservation?.invalidate()
        statusObservation = nil
        if let timeObserver {
            player?.removeTimeObserver(timeObserver)
            self.timeObserver = nil
        }
        if let endObserver {
            notificationCenter.removeObserver(endObserver)
            self.endObserver = nil
        }
    }

    private func statusChanged(_ status: AVPlayerItem.Status) {
        switch status {
        case .unknown:
            statusLog.append("KVO:未知状态,此时不能播放")
        case .readyToPlay:
            statusLog.append("KVO:准备完毕,可以播放")
            // (4) 播放歌曲、同步播放信息到播放界面(播放时间、总时间、进度条等等)、同步播放信息到Now Playing Center
            startPlay()
            if let duration = player?.currentItem?.duration, duration.seconds.isFinite {
                playDuration = String(format: "%.2f", CMTimeGetSeconds(duration))
            }
            configNowPlayingCenter()
        case .failed:
            statusLog.append("KVO:加载失败,网络或者服务器出现问题")
        @unknown default:
            break
        }
    }

    private func playbackFinished() {
        print("播放完成")
        playNextSong()
    }

    /// The play button.
    public func startPlay() {
        player?.play()
    }

    /// The pause button. (5) 当用户进行暂停操作时,刷新播放界面 — and nothing else: the Now Playing info keeps rate 1.
    public func pausePlay() {
        player?.pause()
    }

    /// (6) 当用户进行下一首、上一首操作时,或完成某一首歌曲的播放时,将对应的歌曲设置为当前播放歌曲,重复3-5步骤
    public func playNextSong() {
        load((currentIndex + 1) % playlist.count)
    }

    public func playPreviousSong() {
        load((currentIndex + playlist.count - 1) % playlist.count)
    }

    // MARK: Remote Control

    /// `remoteControlReceivedWithEvent:`'s switch, one handler a subtype.
    private func setUpRemoteControl() {
        let commandCenter = MPRemoteCommandCenter.shared()
        add(commandCenter.playCommand) { $0.startPlay() }  // UIEventSubtypeRemoteControlPlay
        add(commandCenter.pauseCommand) { $0.pausePlay() }  // UIEventSubtypeRemoteControlPause
        add(commandCenter.nextTrackCommand) { $0.playNextSong() }  // UIEventSubtypeRemoteControlNextTrack
        add(commandCenter.togglePlayPauseCommand) {  // 耳机的播放/暂停
            $0.isPlaying ? $0.pausePlay() : $0.startPlay()
        }
    }

    private func add(_ command: MPRemoteCommand, _ action: @escaping (NowPlayingRemoteControl) -> Void) {
        let target = command.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            action(self)
            return .success
        }
        commandTargets.append((command, target))
    }

    // MARK: Now Playing Center

    /// 当前播放的歌曲变化时、当前歌曲信息变化时(如从Unknown到ReadyToPlay)、当前歌曲拖动进度时
    public func configNowPlayingCenter() {
        print("配置NowPlayingCenter")
        var info: [String: Any] = [:]
        info[MPMediaItemPropertyTitle] = currentSong.title
        info[MPMediaItemPropertyArtist] = currentSong.artist
        info[MPNowPlayingInfoPropertyElapsedPlaybackTime] = Int(playTime) ?? 0
        info[MPNowPlayingInfoPropertyPlaybackRate] = 1
        info[MPMediaItemPropertyPlaybackDuration] = Int(Double(playDuration) ?? 0)
        MPNowPlayingInfoCenter.default().nowPlayingInfo = info
    }
}
