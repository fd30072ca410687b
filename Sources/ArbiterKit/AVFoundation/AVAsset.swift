import ArbiterEngine

/// `NSErrorPointer`, which Foundation has only on Apple platforms: `&error` of an `NSError?` variable.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// `AVKeyValueStatus`: whether a property of an asset or metadata item has loaded.
public enum AVKeyValueStatus: Int, Sendable {
    case unknown = 0
    case loading, loaded, failed, cancelled
}

/// `AVAsynchronousKeyValueLoading`: properties loaded by key (`loadValuesAsynchronously(forKeys:completionHandler:)`)
/// or, from iOS 15, with `load(_:)`.
public protocol AVAsynchronousKeyValueLoading: AnyObject {
    func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus
    func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (() -> Void)?)
    /// What loading needs and did not get (the network, for a stream while the phone is offline; a file that fails):
    /// nil when the values load.
    var _loadingError: NSError? { get }
    /// The property names this object loads by key.
    static var _loadableKeys: Set<String> { get }
}

/// `AVAsyncProperty`: a property that `load(_:)` loads (`.duration`, `.isPlayable`, `.commonMetadata`, ...).
public final class AVAsyncProperty<Root, Value>: @unchecked Sendable {
    let key: String
    let read: (Root) -> Value
    init(_ key: String, _ read: @escaping (Root) -> Value) {
        self.key = key
        self.read = read
    }

    /// `AVAsyncProperty.Status`.
    public enum Status {
        case notYetLoaded, loading
        case loaded(Value)
        case failed(Error)
    }
}

/// The loading state an object keeps: which keys have been asked for.
final class KeyLoading: @unchecked Sendable {
    var requested: Set<String> = []
}

extension AVAsynchronousKeyValueLoading {
    /// Loads one or more properties (`try await asset.load(.duration)`, `.load(.duration, .isPlayable)`). They load at
    /// once from the phone's media, without waiting; a stream's asset fails while the phone is offline, a failing
    /// file fails, both with the error `statusOfValue(forKey:error:)` gives.
    nonisolated(nonsending) public func load<each Value>(_ properties: repeat AVAsyncProperty<Self, each Value>)
        async throws
        -> (repeat each Value)
    {
        if let error = _loadingError { throw error }
        return (repeat (each properties).read(self))
    }

    /// The status of `property`: loaded once `load(_:)` or `loadValuesAsynchronously` asked for it.
    public func status<Value>(of property: AVAsyncProperty<Self, Value>) -> AVAsyncProperty<Self, Value>.Status {
        guard _requestedKeys.contains(property.key) else { return .notYetLoaded }
        if let error = _loadingError { return .failed(error) }
        return .loaded(property.read(self))
    }

    var _requestedKeys: Set<String> { (self as? _KeyLoadingState)?.keyLoading.requested ?? [] }
}

/// An object that keeps which keys were asked for.
protocol _KeyLoadingState {
    var keyLoading: KeyLoading { get }
}

extension _KeyLoadingState where Self: AVAsynchronousKeyValueLoading {
    func statusOfKey(_ key: String, error outError: NSErrorPointer) -> AVKeyValueStatus {
        guard Self._loadableKeys.contains(key), keyLoading.requested.contains(key) else { return .unknown }
        if let error = _loadingError {
            outError?.pointee = error
            return .failed
        }
        return .loaded
    }

    func loadKeys(_ keys: [String], _ handler: (() -> Void)?) {
        keyLoading.requested.formUnion(keys)
        handler?()
    }
}

/// `AVAsset` / `AVURLAsset`: what an item plays. Its duration and metadata come from the phone's media
/// (`phone.media[url.lastPathComponent]`, a `SimulatedMedia`), read when asked for; the async `load(_:)` and
/// `loadValuesAsynchronously(forKeys:completionHandler:)` complete at once (their handler is called before they
/// return). An `http(s)` asset loads only while the phone is online (`[stream.buffers-online]`); offline, loading
/// fails with `NSURLErrorDomain` -1009 (not connected to the internet). Media that `fails` fails to load with
/// `AVFoundationErrorDomain` -11800, as its player item does.
open class AVAsset: NSObject, AVAsynchronousKeyValueLoading, _KeyLoadingState, @unchecked Sendable {
    /// The URL an `AVURLAsset` has (iOS has no `url` on `AVAsset` itself).
    let assetURL: URL?
    let app: SimulatedApp?
    let keyLoading = KeyLoading()

    init(assetURL: URL?) {
        self.assetURL = assetURL
        app = SimulatedApp.current
    }

    /// `AVAsset(url:)`: an asset of the URL's media. Unlike iOS's, it is not an `AVURLAsset` (`as? AVURLAsset` fails).
    public convenience init(url URL: URL) { self.init(assetURL: URL) }

    /// The phone's media for this asset's file; nil when the file is not listed. Reported, once, when the asset was
    /// made outside any app's code, which has no phone to read from.
    var media: SimulatedMedia? {
        guard let url = assetURL else { return nil }
        guard let app else {
            if !reportedOutsideApp {
                reportedOutsideApp = true
                Diagnostics.report(
                    "\(type(of: self))(url: \(url.lastPathComponent)) was made outside any app's code, so "
                        + "it has no phone's media to read; expected it made inside SimulatedPhone.install(_:backgroundModes:"
                        + "launch:), SimulatedPhone.run(in:_:), or a handler the phone calls")
            }
            return nil
        }
        return app.media(for: url)
    }

    private var reportedOutsideApp = false

    var streams: Bool { ["http", "https"].contains(assetURL?.scheme?.lowercased() ?? "") }

    public var _loadingError: NSError? {
        if streams, app?.phone.engine.device.isNetworkDown == true {
            return NSError(
                domain: NSURLErrorDomain, code: -1009,
                userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline."])
        }
        if media?.fails == true {
            return NSError(
                domain: "AVFoundationErrorDomain", code: -11800,
                userInfo: [NSLocalizedDescriptionKey: "The operation could not be completed"])
        }
        return nil
    }

    public static var _loadableKeys: Set<String> {
        ["duration", "playable", "isPlayable", "commonMetadata", "metadata", "availableMetadataFormats", "tracks"]
    }

    public func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus {
        statusOfKey(key, error: outError)
    }

    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (() -> Void)? = nil) {
        loadKeys(keys, handler)
    }

    /// The media's duration (timescale 1000); indefinite when the media gives none (a file not listed, a live
    /// stream); invalid when it cannot load (see above).
    open var duration: CMTime { _loadingError != nil ? .invalid : .seconds(media?.duration) }

    /// Whether it can be played: false when it cannot load.
    open var isPlayable: Bool { _loadingError == nil }

    /// The media's metadata in its format, by file extension: ID3 for `.mp3`, iTunes for `.m4a`, `.m4b`, `.mp4`,
    /// `.aac`, QuickTime metadata for anything else. Each item has its format's key and key space and, where the
    /// format maps it, its `commonKey`. Empty when the media has none or cannot load.
    open var metadata: [AVMetadataItem] {
        guard _loadingError == nil, let media, let url = assetURL else { return [] }
        return AVMetadataItem.items(for: media, format: AVMetadataFormat.forFile(url))
    }

    /// The items of `metadata` that have a common key (title, artist, album name, artwork, description).
    open var commonMetadata: [AVMetadataItem] { metadata.filter { $0.commonKey != nil } }

    /// The formats `metadata` is in: none, or the one of the file's kind.
    open var availableMetadataFormats: [AVMetadataFormat] {
        guard let url = assetURL, !metadata.isEmpty else { return [] }
        return [AVMetadataFormat.forFile(url)]
    }

    /// The items of `metadata` in `format`.
    open func metadata(forFormat format: AVMetadataFormat) -> [AVMetadataItem] {
        availableMetadataFormats.contains(format) ? metadata : []
    }

    /// `loadMetadata(for:)` (iOS 15): `metadata(forFormat:)`, loaded as `load(_:)` loads.
    nonisolated(nonsending) public func loadMetadata(for format: AVMetadataFormat) async throws -> [AVMetadataItem] {
        if let error = _loadingError { throw error }
        return metadata(forFormat: format)
    }

    // MARK: Chapters

    /// None: the phone's media (`SimulatedMedia`) has no chapters.
    open var availableChapterLocales: [Locale] { [] }

    /// None: the phone's media has no chapters.
    open func chapterMetadataGroups(
        withTitleLocale locale: Locale,
        containingItemsWithCommonKeys commonKeys: [AVMetadataKey]?
    ) -> [AVTimedMetadataGroup] {
        []
    }

    /// None: the phone's media has no chapters.
    open func chapterMetadataGroups(bestMatchingPreferredLanguages preferredLanguages: [String])
        -> [AVTimedMetadataGroup]
    {
        []
    }

    /// Loading is done at once here, so there is nothing to cancel.
    open func cancelLoading() {}
}

/// `AVURLAsset(url:options:)` options: kept and not used (a file's duration is exact here whatever is asked).
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"
public let AVURLAssetAllowsCellularAccessKey = "AVURLAssetAllowsCellularAccessKey"
public let AVURLAssetAllowsExpensiveNetworkAccessKey = "AVURLAssetAllowsExpensiveNetworkAccessKey"
public let AVURLAssetAllowsConstrainedNetworkAccessKey = "AVURLAssetAllowsConstrainedNetworkAccessKey"
/// The user agent an asset's HTTP requests carry: kept with its options, not used (the phone sends no requests).
public let AVURLAssetHTTPUserAgentKey = "AVURLAssetHTTPUserAgentKey"

/// `AVURLAsset`: an asset of a URL.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The options are kept and not used.
    public init(url URL: URL, options: [String: Any]? = nil) { super.init(assetURL: URL) }

    open var url: URL { assetURL! }
}

extension AVAsyncProperty where Root: AVAsset, Value == CMTime {
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty("duration") { $0.duration } }
}

extension AVAsyncProperty where Root: AVAsset, Value == Bool {
    public static var isPlayable: AVAsyncProperty<Root, Bool> { AVAsyncProperty("playable") { $0.isPlayable } }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVMetadataItem] {
    public static var commonMetadata: AVAsyncProperty<Root, [AVMetadataItem]> {
        AVAsyncProperty("commonMetadata") { $0.commonMetadata }
    }
    public static var metadata: AVAsyncProperty<Root, [AVMetadataItem]> {
        AVAsyncProperty("metadata") { $0.metadata }
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVMetadataFormat] {
    public static var availableMetadataFormats: AVAsyncProperty<Root, [AVMetadataFormat]> {
        AVAsyncProperty("availableMetadataFormats") { $0.availableMetadataFormats }
    }
}
