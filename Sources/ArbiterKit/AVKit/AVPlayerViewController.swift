/// `AVPlayerViewController`: shows a player with the system's controls. With `updatesNowPlayingInfoCenter` (the
/// default, iOS 10+) it publishes Now Playing info and handles the remote commands for its player itself.
/// It is a `UIViewController` (a stand-in: the phone shows its player's video without drawing it).
open class AVPlayerViewController: UIViewController, @unchecked Sendable {
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    open var player: AVPlayer? {
        didSet {
            guard oldValue !== player else { return }
            if let oldValue {
                oldValue.redeclare("AVPlayerViewController.player = nil") {
                    $0.kind = oldValue.kind
                    $0.showsVideo = false
                }
            }
            declare(player, "AVPlayerViewController.player = player")
        }
    }

    open var updatesNowPlayingInfoCenter = true {
        didSet {
            declare(player, "AVPlayerViewController.updatesNowPlayingInfoCenter = \(updatesNowPlayingInfoCenter)")
        }
    }

    open var showsPlaybackControls = true
    open var allowsPictureInPicturePlayback = true

    private func declare(_ player: AVPlayer?, _ api: String) {
        guard let player else { return }
        player.redeclare(api) {
            $0.kind = .playerViewController
            $0.updatesNowPlayingInfoCenter = updatesNowPlayingInfoCenter
            $0.showsVideo = true
        }
    }
}
