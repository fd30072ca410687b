#if os(iOS)
    import AVFoundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// Seed 000 ("iOS 多媒体-音频会话"), first half: the view controller of a local-file music player
/// (`AVAudioPlayer`) made to play in the background, and to pause when headphones are unplugged.
///
/// What it gets right: background playback needs the `audio` background mode, the playback category and an active
/// session (§9 S0-1); activating that non-mixable session stops the other apps' audio (S0-3); it pauses when the
/// previous route's first output was wired headphones and that device went away (S0-4).
///
/// Known bugs, in the fact base (ios-audio-session.md §9):
/// - S0-3: when the song ends it calls `setActive(false)` without `.notifyOthersOnDeactivation`, so the app it
///   interrupted is never told the interruption ended and does not resume (§4.2).
/// - S0-4: the route-change handler compares only with `.headphones`; unplugging Bluetooth (or USB) headphones
///   leaves the song playing out of the speaker (§6.4: check every private output).
///
/// The article loads `刘若英 - 原来你也在这里.mp3` from the bundle; here the file's URL is a parameter, since the
/// simulated phone has no bundle. Its `updateProgress` timer is left out (a UI detail).
public final class BackgroundMusicSetup: NSObject, AVAudioPlayerDelegate {
    public static let musicSinger = "刘若英"
    public static let musicTitle = "原来你也在这里"

    public let url: URL
    /// The app's notification center, kept for `deinit`.
    private let notificationCenter = NotificationCenter.default
    private var player: AVAudioPlayer?
    private var routeChangeObserver: NSObjectProtocol?
    /// The play/pause button's tag: 0 paused, 1 playing.
    public private(set) var playOrPauseTag = 0

    public init(url: URL) {
        self.url = url
    }

    deinit {
        if let routeChangeObserver { notificationCenter.removeObserver(routeChangeObserver) }
    }

    /// `viewWillAppear`: 开启远程控制 (the article leaves `becomeFirstResponder` commented out, so no event is handled).
    public func viewWillAppear() {
        UIApplication.shared.beginReceivingRemoteControlEvents()
    }

    /// `viewWillDisappear`: 当前控制器视图不显示时取消远程控制
    public func viewWillDisappear() {
        UIApplication.shared.endReceivingRemoteControlEvents()
    }

    /// The player, made on first use: with it the session is set to playback and activated, and the route-change
    /// observer added.
    public var audioPlayer: AVAudioPlayer? {
        if let player { return player }
        let player: AVAudioPlayer
        do {
            // 初始化播放器,注意这里的Url参数只能时文件路径,不支持HTTP Url
            player = try AVAudioPlayer(contentsOf: url)
        } catch {
            print("初始化播放器过程发生错误,错误信息:\(error.localizedDescription)")
            return nil
        }
        player.numberOfLoops = 0
        player.delegate = self
        player.prepareToPlay()
        self.player = player
        // 设置后台播放模式
        let audioSession = AVAudioSession.sharedInstance()
        try? audioSession.setCategory(.playback)
        try? audioSession.setActive(true)
        // 添加通知,拔出耳机后暂停播放
        routeChangeObserver = notificationCenter.addObserver(
            forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil
        ) { [weak self] notification in
            self?.routeChange(notification)
        }
        return player
    }

    public func play() {
        guard let audioPlayer, !audioPlayer.isPlaying else { return }
        audioPlayer.play()
    }

    public func pause() {
        guard let audioPlayer, audioPlayer.isPlaying else { return }
        audioPlayer.pause()
    }

    /// The play/pause button.
    public func playClick() {
        if playOrPauseTag == 1 {
            playOrPauseTag = 0
            pause()
        } else {
            playOrPauseTag = 1
            play()
        }
    }

    /// What the progress view shows.
    public var progress: Float {
        guard let player, player.duration > 0 else { return 0 }
        return Float(player.currentTime / player.duration)
    }

    /// 一旦输出改变则执行此方法
    private func routeChange(_ notification: Notification) {
        guard let userInfo = notification.userInfo,
            let reasonValue = userInfo[AVAudioSessionRouteChangeReasonKey] as? UInt,
            let changeReason = AVAudioSession.RouteChangeReason(rawValue: reasonValue)
        else { return }
        // 等于AVAudioSessionRouteChangeReasonOldDeviceUnavailable表示旧输出不可用
        if changeReason == .oldDeviceUnavailable {
            let routeDescription =
                userInfo[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
            let portDescription = routeDescription?.outputs.first
            // 原设备为耳机则暂停 (S0-4: Bluetooth and USB headphones are not "Headphones")
            if portDescription?.portType == .headphones {
                pause()
            }
        }
    }

    // MARK: AVAudioPlayerDelegate

    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        print("音乐播放完成...")
        // 根据实际情况播放完成可以将会话关闭,其他音频应用继续播放 (S0-3: without .notifyOthersOnDeactivation they don't)
        try? AVAudioSession.sharedInstance().setActive(false)
    }
}

/// Seed 000, second half ("扩展 - 播放音乐库中的音乐"): a view controller driving the Music app through
/// `MPMusicPlayerController.systemMusicPlayer`, with its playback-state notifications.
///
/// What it gets right: the system player plays in the Music app, so it keeps playing when this app leaves (S0-5),
/// and Music, not this app, is Now Playing (§8.1); its notifications come only after
/// `beginGeneratingPlaybackNotifications` (S0-6). The fact base lists no bug for it.
///
/// The article picks songs with `MPMediaPickerController`; here the picked songs are store IDs handed to
/// `setQueue(with:)`. Its previous button (`skipToPreviousItem`) is left out (not modelled).
public final class MusicLibraryPlayer {
    private let notificationCenter = NotificationCenter.default
    private var _musicPlayer: MPMusicPlayerController?
    private var playbackStateObserver: NSObjectProtocol?
    /// What `playbackStateChange` logged, in order.
    public private(set) var log: [String] = []

    public init() {}

    deinit {
        _musicPlayer?.endGeneratingPlaybackNotifications()
        if let playbackStateObserver { notificationCenter.removeObserver(playbackStateObserver) }
    }

    /// 获得音乐播放器
    public var musicPlayer: MPMusicPlayerController {
        if let _musicPlayer { return _musicPlayer }
        let player = MPMusicPlayerController.systemMusicPlayer
        _musicPlayer = player
        player.beginGeneratingPlaybackNotifications()  // 开启通知,否则监控不到MPMusicPlayerController的通知
        addNotification()
        return player
    }

    /// The media picker's `didPickMediaItems`: the picked songs become the queue.
    public func didPick(storeIDs: [String]) {
        musicPlayer.setQueue(with: storeIDs)
    }

    private func addNotification() {
        playbackStateObserver = notificationCenter.addObserver(
            forName: .MPMusicPlayerControllerPlaybackStateDidChange, object: musicPlayer, queue: nil
        ) { [weak self] notification in
            self?.playbackStateChange(notification)
        }
    }

    /// 播放状态改变通知
    private func playbackStateChange(_ notification: Notification) {
        switch musicPlayer.playbackState {
        case .playing: log.append("正在播放...")
        case .paused: log.append("播放暂停.")
        case .stopped: log.append("播放停止.")
        default: break
        }
    }

    public func playClick() { musicPlayer.play() }
    public func pauseClick() { musicPlayer.pause() }
    public func stopClick() { musicPlayer.stop() }
    public func nextClick() { musicPlayer.skipToNextItem() }
}
