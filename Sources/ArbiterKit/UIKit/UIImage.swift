/// `UIImage`: a stand-in so artwork code compiles (`MPMediaItemArtwork(boundsSize: image.size) { _ in image }`). It
/// draws nothing: it knows the size PNG, JPEG and GIF data give (a JPEG's EXIF orientation is not applied), and
/// keeps the data. Images from the app's bundle or the system's symbols are not on the simulated phone.
open class UIImage: NSObject, @unchecked Sendable {
    /// The size in points: the pixel size over `scale`.
    public let size: CGSize
    public let scale: CGFloat
    /// The encoded data the image was made from, if any.
    let data: Data?

    /// An empty image, of size zero, as on iOS.
    public override init() {
        size = .zero
        scale = 1
        data = nil
    }

    /// An image of PNG, JPEG or GIF data; nil for data that is none of them. Other formats iOS decodes (HEIC,
    /// TIFF, ...) are reported as not modelled, and give nil too.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    public init?(data: Data, scale: CGFloat) {
        guard let pixels = ImageHeader.pixelSize(of: data) else {
            if !data.isEmpty, !ImageHeader.isKnownFormat(data) {
                Diagnostics.unmodelled("UIImage(data:) of data that is not PNG, JPEG or GIF", app: SimulatedApp.current)
            }
            return nil
        }
        let scale = scale > 0 ? scale : 1
        size = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        self.scale = scale
        self.data = data
    }

    /// An image of the file's data; nil when it cannot be read or is not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// An empty image (size zero), as if the app shipped it: the simulated phone has no app bundle or asset catalog
    /// to look in, and an app's code may force-unwrap an image it ships. Never nil.
    public convenience init?(named name: String) { self.init() }

    /// An empty image (size zero), as if the symbol exists: the simulated phone has no SF Symbols. Never nil.
    public convenience init?(systemName name: String) { self.init() }

    /// The data the image was made from when it was PNG; nil otherwise (the stand-in does not encode).
    open func pngData() -> Data? { data.flatMap { ImageHeader.format(of: $0) == .png ? $0 : nil } }

    /// The data the image was made from when it was JPEG; nil otherwise (the stand-in does not encode).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        data.flatMap { ImageHeader.format(of: $0) == .jpeg ? $0 : nil }
    }
}

/// The pixel size in an image file's header.
enum ImageHeader {
    enum Format { case png, jpeg, gif }

    static func format(of data: Data) -> Format? {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }

    /// Whether the data starts as an image of a format this reads (even if its header is cut short).
    static func isKnownFormat(_ data: Data) -> Bool { format(of: data) != nil }

    static func pixelSize(of data: Data) -> CGSize? {
        let bytes = [UInt8](data)
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func be32(_ at: Int) -> Int { be16(at) << 16 | be16(at + 2) }
        func size(_ width: Int, _ height: Int) -> CGSize? {
            width > 0 && height > 0 ? CGSize(width: width, height: height) : nil
        }
        switch format(of: data) {
        case .png?:
            // The IHDR chunk comes first: its width and height follow the signature, length and type.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            return size(be32(16), be32(20))
        case .gif?:
            guard bytes.count >= 10 else { return nil }
            return size(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .jpeg?:
            // Segments after SOI: 0xFF, a marker, a big-endian length; a start-of-frame segment has the size.
            var at = 2
            while at + 9 < bytes.count {
                guard bytes[at] == 0xFF else { return nil }
                let marker = bytes[at + 1]
                if marker == 0xFF {
                    at += 1
                    continue
                }
                if (0xD0...0xD9).contains(marker) || marker == 0x01 {
                    at += 2
                    continue
                }
                let startOfFrame: Set<UInt8> = [
                    0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
                ]
                if startOfFrame.contains(marker) { return size(be16(at + 7), be16(at + 5)) }
                at += 2 + be16(at + 2)
            }
            return nil
        case nil:
            return nil
        }
    }
}
