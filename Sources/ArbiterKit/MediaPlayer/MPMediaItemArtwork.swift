/// `MPMediaItemArtwork`: lock-screen artwork (`MPMediaItemPropertyArtwork`). Kept, not shown: the lock screen never
/// asks for the image, so the request handler runs only when the app's own code calls `image(at:)`. There is no
/// `UIImage` in ArbiterKit: the handler returns whatever image type the code has, and the deprecated `init(image:)`
/// is not offered.
open class MPMediaItemArtwork: NSObject, @unchecked Sendable {
    /// The bounds of the full-size image.
    public let bounds: CGRect
    private let requestHandler: (CGSize) -> Any

    public init(boundsSize: CGSize, requestHandler: @escaping (CGSize) -> Any) {
        bounds = CGRect(origin: .zero, size: boundsSize)
        self.requestHandler = requestHandler
    }

    /// The image at `size`, from the request handler.
    open func image(at size: CGSize) -> Any? { requestHandler(size) }
}
