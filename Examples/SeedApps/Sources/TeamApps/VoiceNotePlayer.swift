#if os(iOS)
    import AVFoundation
    import Foundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// A messenger's voice note player: it plays a note by itself once its item is ready (observing `status` on the line
/// after it gives the item to the player), shows it on the lock screen, and cleans up after itself in `deinit`, as
/// messengers' players do.
public final class VoiceNotePlayer {
    public let player = AVPlayer()
    public private(set) var readyDurations: [Double] = []
    private var statusObservation: NSKeyValueObservation?
    private let pauseTarget: Any

    public init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        UIApplication.shared.beginReceivingRemoteControlEvents()
        let player = player
        pauseTarget = MPRemoteCommandCenter.shared().pauseCommand.addTarget { _ in
            player.pause()
            return .success
        }
    }

    public func open(_ url: URL, title: String) {
        try? AVAudioSession.sharedInstance().setActive(true)
        let item = AVPlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        statusObservation = item.observe(\.status, options: [.new]) { [weak self] item, _ in
            guard let self, item.status == .readyToPlay else { return }
            self.readyDurations.append(item.duration.seconds)
            self.player.play()
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                MPMediaItemPropertyTitle: title,
                MPMediaItemPropertyPlaybackDuration: item.duration.seconds,
                MPNowPlayingInfoPropertyPlaybackRate: 1.0,
            ]
        }
    }

    deinit {
        player.pause()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
        let commands = MPRemoteCommandCenter.shared()
        commands.pauseCommand.removeTarget(pauseTarget)
        commands.pauseCommand.isEnabled = false
        UIApplication.shared.endReceivingRemoteControlEvents()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }
}
