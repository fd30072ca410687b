#if os(iOS)
    import AVFoundation
    import Foundation
    import MediaPlayer
#else
    import ArbiterKit
#endif

/// A radio app's player, written as radio apps keep theirs: one `shared` instance that sets the session up once,
/// streams a station, publishes Now Playing from the main queue, answers the lock screen, resumes after an
/// interruption that says it should, and stops itself when a sleep timer runs out.
public final class RadioPlayer {
    public static let shared = RadioPlayer()

    public let player = AVPlayer()
    public private(set) var station: String?
    public private(set) var sleepTimerFired = false
    private var observers: [NSObjectProtocol] = []
    private var sleepTimer: Timer?

    private init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, options: [])
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(
                forName: AVAudioSession.interruptionNotification, object: nil,
                queue: .main
            ) { [weak self] note in self?.interrupted(note) })
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [weak self] _ in
            guard let self, self.station != nil else { return .noActionableNowPlayingItem }
            self.play()
            return .success
        }
        commands.pauseCommand.addTarget { [weak self] _ in
            self?.pause()
            return .success
        }
    }

    /// Tunes to a station's stream.
    public func tune(to url: URL, name: String) {
        station = name
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
    }

    public func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            return
        }
        player.play()
        publishNowPlaying()
    }

    public func pause() {
        player.pause()
        publishNowPlaying()
    }

    /// Stops playing after `minutes`, as a radio's sleep timer does.
    public func stopAfter(minutes: Double) {
        sleepTimer?.invalidate()
        sleepTimer = Timer.scheduledTimer(withTimeInterval: minutes * 60, repeats: false) { [weak self] _ in
            self?.sleepTimerFired = true
            self?.pause()
        }
    }

    private func interrupted(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
            let type = AVAudioSession.InterruptionType(rawValue: raw)
        else { return }
        if type == .began {
            publishNowPlaying()
            return
        }
        let options = AVAudioSession.InterruptionOptions(
            rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        // Give the audio route a moment to settle before playing again.
        if options.contains(.shouldResume) {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.play() }
        }
    }

    private func publishNowPlaying() {
        // Now Playing is set on the main thread, wherever the change came from.
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                MPMediaItemPropertyTitle: self.station ?? "",
                MPNowPlayingInfoPropertyIsLiveStream: true,
                MPNowPlayingInfoPropertyPlaybackRate: self.player.rate,
            ]
        }
    }
}
