#if os(iOS)
    import AVFoundation
    import AVKit
    import MediaPlayer
#else
    import ArbiterKit
#endif

/// Seed 004 ("AudioPlayer 与VideoPlayer 与 后台播放"): an app with audio lessons, played by a singleton audio player
/// that drives the Now Playing info and the remote commands itself, and video lessons shown in
/// `AVPlayerViewController`; opening a video pauses the audio (a product requirement).
///
/// What it gets right: the audio player registers its remote command handlers once and only toggles `isEnabled`
/// afterwards; with the article's fix (`articleFix`) the video's controller leaves the Now Playing info center alone,
/// while a video plays the lock screen shows nothing and its commands are off, and when the audio plays again the
/// commands are enabled and its info is back (§9 S4-3). Without the fix, the video page shows on the lock screen
/// with no Now Playing code at all (the article's observation (1), S4-1).
///
/// Known bug, in the fact base: S4-1. As first written (the default), the video page leaves
/// `AVPlayerViewController.updatesNowPlayingInfoCenter` at its default, true: the controller publishes the video
/// and handles play, pause and the scrubber itself, and keeps doing so after the video is closed, so when the audio
/// plays again the lock screen shows the video and its pause button pauses the video, not the audio (§8.4).
///
/// Found here, not in the fact base: the fix's `setRemoteControlCommandsEnabled` turns play, pause, stop and the
/// scrubber back on but not `togglePlayPauseCommand`, which `setupLockScreenControlInfo` turned off, so after a video
/// the headset's play/pause button does nothing.
public final class AudioVideoNowPlaying {
    /// A lesson: its title and where it streams from.
    public struct Lesson: Hashable, Sendable {
        public var title: String
        public var url: URL

        public init(title: String, url: URL) {
            self.title = title
            self.url = url
        }
    }

    public let lesson: Lesson
    /// Applies the article's fix: `updatesNowPlayingInfoCenter = NO` on the video's controller, commands off and an
    /// empty Now Playing info while a video plays, commands on again when the audio plays.
    public let articleFix: Bool
    /// The audio singleton's player.
    public let audioPlayer: AVPlayer
    /// The video page on screen, if any.
    public private(set) var playerViewController: AVPlayerViewController?
    /// How many times the audio player's own pause handler ran.
    public private(set) var audioPauseHandled = 0

    public init(lesson: Lesson, articleFix: Bool = false) {
        self.lesson = lesson
        self.articleFix = articleFix
        audioPlayer = AVPlayer(url: lesson.url)
        registerAudioRemoteCommands()
    }

    // MARK: The audio singleton

    /// Registered once: "MPRemoteCommandCenter的相关控制信息也只能调用一次,若多次调用,点击事件就会响应多次".
    private func registerAudioRemoteCommands() {
        let commandCenter = MPRemoteCommandCenter.shared()
        commandCenter.playCommand.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            self.playAudio()
            return .success
        }
        commandCenter.pauseCommand.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            self.audioPauseHandled += 1
            self.pauseAudio()
            return .success
        }
        commandCenter.togglePlayPauseCommand.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            if self.audioPlayer.rate != 0 { self.pauseAudio() } else { self.playAudio() }
            return .success
        }
        commandCenter.changePlaybackPositionCommand.addTarget { [weak self] event in
            guard let self, let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            self.audioPlayer.seek(to: CMTime(seconds: event.positionTime, preferredTimescale: 1000))
            self.updateAudioNowPlayingInfo()
            return .success
        }
    }

    public func playAudio() {
        if articleFix { setRemoteControlCommandsEnabled() }
        let session = AVAudioSession.sharedInstance()
        try? session.setCategory(.playback)
        try? session.setActive(true)
        audioPlayer.play()
        updateAudioNowPlayingInfo()
    }

    public func pauseAudio() {
        audioPlayer.pause()
        updateAudioNowPlayingInfo()
    }

    private func updateAudioNowPlayingInfo() {
        var info: [String: Any] = [:]
        info[MPMediaItemPropertyTitle] = lesson.title
        if let duration = audioPlayer.currentItem?.duration, duration.seconds.isFinite {
            info[MPMediaItemPropertyPlaybackDuration] = CMTimeGetSeconds(duration)
        }
        info[MPNowPlayingInfoPropertyElapsedPlaybackTime] = CMTimeGetSeconds(audioPlayer.currentTime())
        info[MPNowPlayingInfoPropertyPlaybackRate] = audioPlayer.rate
        MPNowPlayingInfoCenter.default().nowPlayingInfo = info
    }

    // MARK: The video page

    /// Opens a video lesson: the audio pauses (产品需求) and the video plays in an `AVPlayerViewController`.
    public func playVideo(url: URL) {
        audioPlayer.pause()
        let playerVC = AVPlayerViewController()
        if articleFix {
            playerVC.updatesNowPlayingInfoCenter = false
        }
        playerVC.player = AVPlayer(url: url)
        playerViewController = playerVC
        playerVC.player?.play()
        if articleFix {
            setupLockScreenControlInfo()
            setupLockScreenMediaInfo()
        }
    }

    /// Closes the video page: the video stops playing and the controller goes away.
    public func closeVideo() {
        playerViewController?.player?.pause()
        playerViewController = nil
    }

    /// 在视频点击播放时: every transport command off, each with a handler that fails.
    private func setupLockScreenControlInfo() {
        let commandCenter = MPRemoteCommandCenter.shared()
        let commands = [
            commandCenter.playCommand,  // 锁屏播放
            commandCenter.pauseCommand,  // 锁屏暂停
            commandCenter.stopCommand,
            commandCenter.togglePlayPauseCommand,  // 播放和暂停按钮(耳机控制)
            commandCenter.changePlaybackPositionCommand,  // 拖动进度条
        ]
        for command in commands {
            command.isEnabled = false
            command.addTarget { _ in .commandFailed }
        }
    }

    /// 给MPNowPlayingInfoCenter传递空信息
    private func setupLockScreenMediaInfo() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [:]
    }

    /// 把MPRemoteCommandCenter的控制enabled = YES (the article's list: no togglePlayPauseCommand)
    private func setRemoteControlCommandsEnabled() {
        let commandCenter = MPRemoteCommandCenter.shared()
        commandCenter.playCommand.isEnabled = true
        commandCenter.pauseCommand.isEnabled = true
        commandCenter.stopCommand.isEnabled = true
        commandCenter.changePlaybackPositionCommand.isEnabled = true
    }
}
