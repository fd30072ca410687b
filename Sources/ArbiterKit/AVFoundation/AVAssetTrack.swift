import ArbiterEngine

/// `AVMediaType`: what a track carries.
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let audio = AVMediaType("soun")
    public static let video = AVMediaType("vide")
    public static let text = AVMediaType("text")
    public static let closedCaption = AVMediaType("clcp")
    public static let subtitle = AVMediaType("sbtl")
    public static let timecode = AVMediaType("tmcd")
    public static let metadata = AVMediaType("meta")
    public static let muxed = AVMediaType("muxx")
}

/// `AVAssetTrack`: a track of an asset. The simulated phone's media have one audio track (track 1), and a file of a
/// video container (`.mp4`, `.mov`, `.m4v`) a video track too (track 2), each over the media's whole duration; a
/// streamed asset (HLS) has none, as on iOS. Nothing is decoded: no format descriptions, a video's size is zero.
open class AVAssetTrack: NSObject, @unchecked Sendable {
    open private(set) weak var asset: AVAsset?
    public let trackID: CMPersistentTrackID
    public let mediaType: AVMediaType
    open var timeRange: CMTimeRange {
        guard let asset else { return CMTimeRange(start: .zero, duration: .zero) }
        return CMTimeRange(start: .zero, duration: asset.duration)
    }
    open var isPlayable: Bool { asset?.isPlayable ?? false }
    open var isEnabled: Bool { true }
    open var naturalSize: CGSize { .zero }
    open var nominalFrameRate: Float { 0 }
    open var estimatedDataRate: Float { 0 }
    open var languageCode: String? { nil }
    open var extendedLanguageTag: String? { nil }
    /// Empty: nothing is decoded.
    open var formatDescriptions: [Any] { [] }

    init(asset: AVAsset, trackID: CMPersistentTrackID, mediaType: AVMediaType) {
        self.asset = asset
        self.trackID = trackID
        self.mediaType = mediaType
    }

    /// Whether it carries `characteristic`: audible for the audio track, visual for the video track.
    open func hasMediaCharacteristic(_ characteristic: AVMediaCharacteristic) -> Bool {
        switch characteristic {
        case .audible: mediaType == .audio
        case .visual: mediaType == .video
        default: false
        }
    }
}

/// `CMPersistentTrackID`.
public typealias CMPersistentTrackID = Int32

/// `AVMediaCharacteristic`.
public struct AVMediaCharacteristic: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let audible = AVMediaCharacteristic(rawValue: "AVMediaCharacteristicAudible")
    public static let visual = AVMediaCharacteristic(rawValue: "AVMediaCharacteristicVisual")
    public static let legible = AVMediaCharacteristic(rawValue: "AVMediaCharacteristicLegible")
}

extension AVAsset {
    /// The file extensions whose files carry video as well as audio.
    static let videoContainers: Set<String> = ["mp4", "mov", "m4v", "3gp"]

    /// The asset's tracks (see `AVAssetTrack`): none while it cannot load, or for a stream.
    public var tracks: [AVAssetTrack] {
        guard _loadingError == nil, !streams, let url = assetURL else { return [] }
        var tracks = [AVAssetTrack(asset: self, trackID: 1, mediaType: .audio)]
        if AVAsset.videoContainers.contains(url.pathExtension.lowercased()) {
            tracks.append(AVAssetTrack(asset: self, trackID: 2, mediaType: .video))
        }
        return tracks
    }

    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    public func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
        tracks.first { $0.trackID == trackID }
    }

    /// `loadTracks(withMediaType:)` (iOS 15): the tracks at once, or the error the asset fails to load with.
    nonisolated(nonsending) public func loadTracks(withMediaType mediaType: AVMediaType) async throws
        -> [AVAssetTrack]
    {
        if let error = _loadingError { throw error }
        return tracks(withMediaType: mediaType)
    }

    nonisolated(nonsending) public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws
        -> AVAssetTrack?
    {
        if let error = _loadingError { throw error }
        return track(withTrackID: trackID)
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVAssetTrack] {
    public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> { AVAsyncProperty("tracks") { $0.tracks } }
}
