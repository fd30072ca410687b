/// `MPMediaItemArtwork`: lock-screen artwork (`MPMediaItemPropertyArtwork`). Kept, not shown: the lock screen never
/// asks for the image, so the request handler runs only when the app's own code calls `image(at:)`. Its images are
/// ArbiterKit's `UIImage` stand-ins.
open class MPMediaItemArtwork: NSObject, @unchecked Sendable {
    /// The bounds of the full-size image.
    public let bounds: CGRect
    private let requestHandler: (CGSize) -> UIImage

    public init(boundsSize: CGSize, requestHandler: @escaping (CGSize) -> UIImage) {
        bounds = CGRect(origin: .zero, size: boundsSize)
        self.requestHandler = requestHandler
    }

    /// Artwork of one image at every size (deprecated in iOS 10, still used).
    @available(*, deprecated, message: "Use init(boundsSize:requestHandler:)")
    public convenience init(image: UIImage) {
        self.init(boundsSize: image.size) { _ in image }
    }

    /// The image at `size`, from the request handler.
    open func image(at size: CGSize) -> UIImage? { requestHandler(size) }
}
