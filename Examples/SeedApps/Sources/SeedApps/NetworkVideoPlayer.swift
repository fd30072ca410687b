#if os(iOS)
    import AVFoundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// Seed 002 ("iOS AVPlayer 实现后台连续播放视频"): a video player (`AVPlayer` shown in an `AVPlayerLayer`) whose sound
/// goes on in the background, that plays the next video when one ends, and that takes the lock screen's controls.
///
/// What it gets right: the three background steps (the `audio` mode, playback, an active session) and, before
/// iOS 14, detaching the player from its layer on `didEnterBackground`, reattaching on `willEnterForeground`, keep
/// the sound playing in the background (§9 S2-1, QA1668); when the user pauses or plays in the app it republishes the
/// elapsed time and the player's rate, so the lock screen stops and starts with it; it registers its remote commands
/// and removes them when it goes away (S2-4).
///
/// Known bugs, in the fact base (ios-audio-session.md §9):
/// - S2-3, the article's pitfall: pausing from the lock screen pauses the player, but its `remotePauseEvent` does not
///   republish the elapsed time and rate, so the lock screen keeps rate 1 and its clock keeps running; playing
///   again, the scrubber jumps (§8.2). The article names the fix (sync both on pause and on play) but its remote
///   handlers do not apply it.
/// - S2-1's iOS 14 caveat (§7, FB8722590): from iOS 14, detaching on `didEnterBackground` is too late and the video
///   pauses; the detach belongs in `willResignActive`.
///
/// The article's artwork (`cover%ld.jpg`) is left out; its titles "歌曲N" and "专辑N" are written "Song N" and
/// "Album N". Its progress observer uses `CMTimeMakeWithSeconds(1, NSEC_PER_SEC)` and a nil queue.
public final class NetworkVideoPlayer {
    public let videoURLs: [URL]
    public private(set) var currentIndex = 0
    public let player: AVPlayer
    public let playerLayer: AVPlayerLayer
    /// The progress slider's value.
    public private(set) var progress: Double = 0
    public private(set) var currentDuration: Double = 0

    /// The app's centers, kept for `deinit`.
    private let notificationCenter = NotificationCenter.default
    private let commandCenter = MPRemoteCommandCenter.shared()
    private var appObservers: [NSObjectProtocol] = []
    private var timeObserver: Any?

    public init(videoURLs: [URL]) {
        precondition(!videoURLs.isEmpty, "no video to play")
        self.videoURLs = videoURLs
        // AppDelegate didFinishLaunching: 告诉app支持后台播放
        let audioSession = AVAudioSession.sharedInstance()
        try? audioSession.setCategory(.playback)
        try? audioSession.setActive(true)

        player = AVPlayer(playerItem: AVPlayerItem(url: videoURLs[0]))
        playerLayer = AVPlayerLayer(player: player)

        appObservers.append(
            notificationCenter.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
            ) { [weak self] _ in
                self?.removePlayerOnPlayerLayer()
            })
        appObservers.append(
            notificationCenter.addObserver(
                forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
            ) { [weak self] _ in
                self?.resetPlayerToPlayerLayer()
            })
        // 监听播放进度
        timeObserver = player.addPeriodicTimeObserver(
            forInterval: CMTime(seconds: 1, preferredTimescale: 1_000_000_000), queue: nil
        ) { [weak self] _ in
            self?.updateProgressView()
        }
        createRemoteCommandCenter()
    }

    deinit {
        removeCommandCenterTargets()
        if let timeObserver { player.removeTimeObserver(timeObserver) }
        for observer in appObservers { notificationCenter.removeObserver(observer) }
    }

    // MARK: 后台播放视频

    /// 退到后台时移除 playerLayer 上的 player
    private func removePlayerOnPlayerLayer() {
        playerLayer.player = nil
    }

    /// 回到前台时重新添加 player
    private func resetPlayerToPlayerLayer() {
        playerLayer.player = player
    }

    // MARK: 连续播放视频

    /// 更新进度条进度; the next video starts when the progress reaches 1.
    private func updateProgressView() {
        guard let item = player.currentItem else { return }
        currentDuration = CMTimeGetSeconds(item.duration)
        let progress = CMTimeGetSeconds(item.currentTime()) / currentDuration
        if progress == 1.0 {
            playNextVideo()
        } else {
            self.progress = progress
        }
    }

    public func playNextVideo() {
        currentIndex = (currentIndex + 1) % videoURLs.count
        player.replaceCurrentItem(with: AVPlayerItem(url: videoURLs[currentIndex]))
        progress = 0
        player.play()
        updateLockScreenInfo()
    }

    public func playPreviousVideo() {
        currentIndex = (currentIndex + videoURLs.count - 1) % videoURLs.count
        player.replaceCurrentItem(with: AVPlayerItem(url: videoURLs[currentIndex]))
        progress = 0
        player.play()
        updateLockScreenInfo()
    }

    // MARK: The buttons and the slider: each syncs the lock screen

    public func playTapped() {
        player.play()
        updateLockScreenInfo()
    }

    public func pauseTapped() {
        player.pause()
        updateLockScreenInfo()
    }

    public func sliderMoved(to seconds: Double) {
        player.seek(to: CMTime(seconds: seconds, preferredTimescale: 1000))
        updateLockScreenInfo()
    }

    // MARK: 添加远程控制

    private func createRemoteCommandCenter() {
        commandCenter.pauseCommand.isEnabled = true
        commandCenter.pauseCommand.addTarget { [weak self] _ in self?.remotePauseEvent() ?? .commandFailed }
        commandCenter.playCommand.isEnabled = true
        commandCenter.playCommand.addTarget { [weak self] _ in self?.remotePlayEvent() ?? .commandFailed }
        commandCenter.nextTrackCommand.isEnabled = true
        commandCenter.nextTrackCommand.addTarget { [weak self] _ in self?.remoteNextEvent() ?? .commandFailed }
        commandCenter.previousTrackCommand.isEnabled = true
        commandCenter.previousTrackCommand.addTarget { [weak self] _ in
            self?.remotePreviousEvent() ?? .commandFailed
        }
        commandCenter.changePlaybackPositionCommand.isEnabled = true
        commandCenter.changePlaybackPositionCommand.addTarget { [weak self] event in
            self?.remoteChangePlaybackPosition(event) ?? .commandFailed
        }
    }

    /// 因为 MPRemoteCommandCenter 是个单例, 所以在 dealloc 中要记得调用 removeTarget
    private func removeCommandCenterTargets() {
        commandCenter.playCommand.removeTarget(nil)
        commandCenter.pauseCommand.removeTarget(nil)
        commandCenter.nextTrackCommand.removeTarget(nil)
        commandCenter.previousTrackCommand.removeTarget(nil)
        commandCenter.changePlaybackPositionCommand.removeTarget(nil)
    }

    /// 单纯地在锁屏界面点暂停 (S2-3: the lock screen's rate stays 1).
    private func remotePauseEvent() -> MPRemoteCommandHandlerStatus {
        player.pause()
        return .success
    }

    private func remotePlayEvent() -> MPRemoteCommandHandlerStatus {
        player.play()
        return .success
    }

    private func remoteNextEvent() -> MPRemoteCommandHandlerStatus {
        playNextVideo()
        return .success
    }

    private func remotePreviousEvent() -> MPRemoteCommandHandlerStatus {
        playPreviousVideo()
        return .success
    }

    private func remoteChangePlaybackPosition(_ event: MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus {
        guard let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
        sliderMoved(to: event.positionTime)
        return .success
    }

    // MARK: 用 MPNowPlayingInfoCenter 显示歌曲信息

    /// 更新锁屏界面信息: 切换歌曲、暂停、播放、拖动进度条
    public func updateLockScreenInfo() {
        guard let item = player.currentItem else { return }
        var playingInfoDict: [String: Any] = [:]
        playingInfoDict[MPMediaItemPropertyTitle] = "Song \(currentIndex + 1)"
        playingInfoDict[MPMediaItemPropertyAlbumTitle] = "Album \(currentIndex + 1)"
        playingInfoDict[MPMediaItemPropertyPlaybackDuration] = CMTimeGetSeconds(item.duration)
        playingInfoDict[MPNowPlayingInfoPropertyElapsedPlaybackTime] = CMTimeGetSeconds(item.currentTime())
        playingInfoDict[MPNowPlayingInfoPropertyPlaybackRate] = player.rate
        MPNowPlayingInfoCenter.default().nowPlayingInfo = playingInfoDict
    }
}
