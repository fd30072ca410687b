#if os(iOS)
    import AVFoundation
    import MediaPlayer
#else
    import ArbiterKit
#endif

/// An app team's podcast player, written against the iOS API as it would be for a device: it sets up its session,
/// pauses on interruptions and resumes only with shouldResume, pauses when headphones go, publishes Now Playing with
/// the rate, and handles play/pause/seek from the lock screen.
final class PodcastPlayer {
    let player: AVPlayer
    private(set) var told: [String] = []
    private var observers: [NSObjectProtocol] = []
    private var statusObservation: NSKeyValueObservation?
    private(set) var ticks: [Double] = []
    /// Whether the interruption handler honours shouldResume (a test turns it off to show the bug it would be).
    var resumesAfterInterruptions = true

    init(episode: URL) throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .spokenAudio, options: [])
        player = AVPlayer(url: episode)
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(
                forName: AVAudioSession.interruptionNotification, object: session,
                queue: .main
            ) { [unowned self] note in interruption(note) })
        observers.append(
            center.addObserver(
                forName: AVAudioSession.routeChangeNotification, object: nil,
                queue: .main
            ) { [unowned self] note in routeChange(note) })
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [unowned self] _ in
            play()
            return .success
        }
        commands.pauseCommand.addTarget { [unowned self] _ in
            pause()
            return .success
        }
        commands.changePlaybackPositionCommand.addTarget { [unowned self] event in
            guard let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            player.seek(to: CMTime(seconds: event.positionTime, preferredTimescale: 1000))
            publish()
            return .success
        }
        statusObservation = player.currentItem?.observe(\.status, options: [.new]) { [unowned self] item, _ in
            told.append("status \(item.status.rawValue)")
        }
        _ = player.addPeriodicTimeObserver(forInterval: CMTime(seconds: 10, preferredTimescale: 1), queue: .main) {
            [unowned self] time in ticks.append(time.seconds)
        }
    }

    func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            told.append("setActive failed \((error as NSError).code)")
            return
        }
        player.play()
        publish()
    }

    func pause() {
        player.pause()
        publish()
    }

    func publish() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Episode",
            MPNowPlayingInfoPropertyElapsedPlaybackTime: player.currentTime().seconds,
            MPNowPlayingInfoPropertyPlaybackRate: player.rate,
        ]
    }

    private func interruption(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
            let type = AVAudioSession.InterruptionType(rawValue: raw)
        else { return }
        switch type {
        case .began:
            let reason = note.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt
            told.append("began reason \(reason.map(String.init) ?? "none")")
            publish()
        case .ended:
            let options = AVAudioSession.InterruptionOptions(
                rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            told.append("ended shouldResume \(options.contains(.shouldResume))")
            if options.contains(.shouldResume) && resumesAfterInterruptions { play() }
        @unknown default:
            break
        }
    }

    private func routeChange(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
            let reason = AVAudioSession.RouteChangeReason(rawValue: raw)
        else { return }
        let previous = note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
        told.append("route \(raw) from \(previous?.outputs.map(\.portType.rawValue) ?? [])")
        if reason == .oldDeviceUnavailable,
            previous?.outputs.contains(where: { $0.portType == .headphones || $0.portType == .bluetoothA2DP }) == true
        {
            pause()
        }
    }
}
