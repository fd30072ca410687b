// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
// The app code docs/app-code.md walks through, as written for iOS: a podcast player that pauses its lock screen
// when a call interrupts it and plays again when the interruption ends with shouldResume.
#if os(iOS)
import AVFoundation
import MediaPlayer
import UIKit
#else
import ArbiterKit
#endif

public final class EpisodePlayer {
    public let player: AVPlayer
    private var observers: [NSObjectProtocol] = []

    public init(url: URL) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        player = AVPlayer(url: url)
        observers.append(NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: nil, queue: .main
        ) { [unowned self] note in
            guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
            let options = AVAudioSession.InterruptionOptions(
                rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            if type == .began { publish() }                                // paused already: stop the lock screen
            else if options.contains(.shouldResume) { play() }
        })
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [unowned self] _ in play(); return .success }
        commands.pauseCommand.addTarget { [unowned self] _ in player.pause(); publish(); return .success }
    }

    public func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
        publish()
    }

    func publish() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Episode 12",
            MPNowPlayingInfoPropertyElapsedPlaybackTime: player.currentTime().seconds,
            MPNowPlayingInfoPropertyPlaybackRate: player.rate,
        ]
    }
}
