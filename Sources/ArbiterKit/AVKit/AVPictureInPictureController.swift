/// `AVPictureInPictureController`: a stand-in so video code that offers Picture in Picture compiles. The simulated
/// phone shows no video window, so Picture in Picture is not supported there (`isPictureInPictureSupported()` is
/// false, as on a device without it) and never starts: code that checks first takes its path without it.
open class AVPictureInPictureController: NSObject, @unchecked Sendable {
    /// False: the simulated phone has no Picture in Picture.
    open class func isPictureInPictureSupported() -> Bool { false }

    public let playerLayer: AVPlayerLayer
    open weak var delegate: AVPictureInPictureControllerDelegate?
    /// Kept and read back.
    open var canStartPictureInPictureAutomaticallyFromInline = false
    /// Kept and read back.
    open var requiresLinearPlayback = false
    /// False: it never starts.
    open var isPictureInPicturePossible: Bool { false }
    open var isPictureInPictureActive: Bool { false }
    open var isPictureInPictureSuspended: Bool { false }

    /// Nil, as iOS returns where Picture in Picture is not supported.
    public init?(playerLayer: AVPlayerLayer) {
        guard AVPictureInPictureController.isPictureInPictureSupported() else { return nil }
        self.playerLayer = playerLayer
    }

    /// Never starts (it cannot be made); reported as not modelled if called.
    open func startPictureInPicture() {
        Diagnostics.unmodelled("AVPictureInPictureController.startPictureInPicture()", app: SimulatedApp.current)
    }

    open func stopPictureInPicture() {}
}

/// `AVPictureInPictureControllerDelegate`: every method optional, as in AVKit; never called.
public protocol AVPictureInPictureControllerDelegate: AnyObject {
    func pictureInPictureControllerWillStartPictureInPicture(_ controller: AVPictureInPictureController)
    func pictureInPictureControllerDidStartPictureInPicture(_ controller: AVPictureInPictureController)
    func pictureInPictureController(
        _ controller: AVPictureInPictureController, failedToStartPictureInPictureWithError error: Error)
    func pictureInPictureControllerWillStopPictureInPicture(_ controller: AVPictureInPictureController)
    func pictureInPictureControllerDidStopPictureInPicture(_ controller: AVPictureInPictureController)
    func pictureInPictureController(
        _ controller: AVPictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler: @escaping (Bool) -> Void)
}

extension AVPictureInPictureControllerDelegate {
    public func pictureInPictureControllerWillStartPictureInPicture(_ controller: AVPictureInPictureController) {}
    public func pictureInPictureControllerDidStartPictureInPicture(_ controller: AVPictureInPictureController) {}
    public func pictureInPictureController(
        _ controller: AVPictureInPictureController, failedToStartPictureInPictureWithError error: Error
    ) {}
    public func pictureInPictureControllerWillStopPictureInPicture(_ controller: AVPictureInPictureController) {}
    public func pictureInPictureControllerDidStopPictureInPicture(_ controller: AVPictureInPictureController) {}
    public func pictureInPictureController(
        _ controller: AVPictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler: @escaping (Bool) -> Void
    ) { completionHandler(true) }
}
