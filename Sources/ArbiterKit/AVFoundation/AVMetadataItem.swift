/// `AVMetadataFormat`: the format an asset's metadata is in.
public struct AVMetadataFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let id3Metadata = AVMetadataFormat("org.id3")
    public static let iTunesMetadata = AVMetadataFormat("com.apple.itunes")
    public static let quickTimeMetadata = AVMetadataFormat("com.apple.quicktime.mdta")
    public static let quickTimeUserData = AVMetadataFormat("com.apple.quicktime.udta")
    public static let isoUserData = AVMetadataFormat("org.mp4ra")
    public static let hlsMetadata = AVMetadataFormat("com.apple.quicktime.HLS")
    public static let unknown = AVMetadataFormat("public.unknown")

    /// The format a file of this kind carries its tags in.
    static func forFile(_ url: URL) -> AVMetadataFormat {
        switch url.pathExtension.lowercased() {
        case "mp3": .id3Metadata
        case "m4a", "m4b", "m4p", "mp4", "aac": .iTunesMetadata
        default: .quickTimeMetadata
        }
    }
}

/// `AVMetadataKeySpace`.
public struct AVMetadataKeySpace: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let common = AVMetadataKeySpace("comn")
    public static let id3 = AVMetadataKeySpace("org.id3")
    public static let iTunes = AVMetadataKeySpace("itsk")
    public static let quickTimeMetadata = AVMetadataKeySpace("mdta")
    public static let quickTimeUserData = AVMetadataKeySpace("udta")
    public static let isoUserData = AVMetadataKeySpace("uiso")
    public static let icy = AVMetadataKeySpace("icy")
    public static let hlsDateRange = AVMetadataKeySpace("lsdr")
    public static let audioFile = AVMetadataKeySpace("caaf")

    /// The short name an identifier starts with (`id3` in `id3/TIT2`).
    var identifierPrefix: String {
        switch self {
        case .common: "common"
        case .id3: "id3"
        default: rawValue
        }
    }
}

/// `AVMetadataKey`: a key within a key space.
public struct AVMetadataKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let commonKeyTitle = AVMetadataKey("title")
    public static let commonKeyCreator = AVMetadataKey("creator")
    public static let commonKeySubject = AVMetadataKey("subject")
    public static let commonKeyDescription = AVMetadataKey("description")
    public static let commonKeyPublisher = AVMetadataKey("publisher")
    public static let commonKeyContributor = AVMetadataKey("contributor")
    public static let commonKeyCreationDate = AVMetadataKey("creationDate")
    public static let commonKeyLastModifiedDate = AVMetadataKey("lastModifiedDate")
    public static let commonKeyType = AVMetadataKey("type")
    public static let commonKeyFormat = AVMetadataKey("format")
    public static let commonKeyIdentifier = AVMetadataKey("identifier")
    public static let commonKeySource = AVMetadataKey("source")
    public static let commonKeyLanguage = AVMetadataKey("language")
    public static let commonKeyRelation = AVMetadataKey("relation")
    public static let commonKeyLocation = AVMetadataKey("location")
    public static let commonKeyCopyrights = AVMetadataKey("copyrights")
    public static let commonKeyAlbumName = AVMetadataKey("albumName")
    public static let commonKeyAuthor = AVMetadataKey("author")
    public static let commonKeyArtist = AVMetadataKey("artist")
    public static let commonKeyArtwork = AVMetadataKey("artwork")
    public static let commonKeyMake = AVMetadataKey("make")
    public static let commonKeyModel = AVMetadataKey("model")
    public static let commonKeySoftware = AVMetadataKey("software")

    public static let id3MetadataKeyTitleDescription = AVMetadataKey("TIT2")
    public static let id3MetadataKeyLeadPerformer = AVMetadataKey("TPE1")
    public static let id3MetadataKeyBand = AVMetadataKey("TPE2")
    public static let id3MetadataKeyAlbumTitle = AVMetadataKey("TALB")
    public static let id3MetadataKeyAttachedPicture = AVMetadataKey("APIC")
    public static let id3MetadataKeyComments = AVMetadataKey("COMM")
    public static let id3MetadataKeyTrackNumber = AVMetadataKey("TRCK")
    public static let id3MetadataKeyContentType = AVMetadataKey("TCON")
    public static let id3MetadataKeyYear = AVMetadataKey("TYER")

    public static let iTunesMetadataKeySongName = AVMetadataKey("©nam")
    public static let iTunesMetadataKeyArtist = AVMetadataKey("©ART")
    public static let iTunesMetadataKeyAlbumArtist = AVMetadataKey("aART")
    public static let iTunesMetadataKeyAlbum = AVMetadataKey("©alb")
    public static let iTunesMetadataKeyCoverArt = AVMetadataKey("covr")
    public static let iTunesMetadataKeyUserComment = AVMetadataKey("©cmt")
    public static let iTunesMetadataKeyUserGenre = AVMetadataKey("©gen")
    public static let iTunesMetadataKeyTrackNumber = AVMetadataKey("trkn")
    public static let iTunesMetadataKeyReleaseDate = AVMetadataKey("©day")
    public static let iTunesMetadataKeyDescription = AVMetadataKey("desc")

    public static let quickTimeMetadataKeyTitle = AVMetadataKey("com.apple.quicktime.title")
    public static let quickTimeMetadataKeyArtist = AVMetadataKey("com.apple.quicktime.artist")
    public static let quickTimeMetadataKeyAlbum = AVMetadataKey("com.apple.quicktime.album")
    public static let quickTimeMetadataKeyArtwork = AVMetadataKey("com.apple.quicktime.artwork")
    public static let quickTimeMetadataKeyDescription = AVMetadataKey("com.apple.quicktime.description")
    public static let quickTimeMetadataKeyGenre = AVMetadataKey("com.apple.quicktime.genre")

    public static let icyMetadataKeyStreamTitle = AVMetadataKey("StreamTitle")
    public static let icyMetadataKeyStreamURL = AVMetadataKey("StreamUrl")
}

/// `AVMetadataIdentifier`: a key space and a key in one string (`common/title`, `id3/TIT2`, `itsk/%A9nam`).
public struct AVMetadataIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let commonIdentifierTitle = AVMetadataIdentifier("common/title")
    public static let commonIdentifierCreator = AVMetadataIdentifier("common/creator")
    public static let commonIdentifierSubject = AVMetadataIdentifier("common/subject")
    public static let commonIdentifierDescription = AVMetadataIdentifier("common/description")
    public static let commonIdentifierPublisher = AVMetadataIdentifier("common/publisher")
    public static let commonIdentifierContributor = AVMetadataIdentifier("common/contributor")
    public static let commonIdentifierCreationDate = AVMetadataIdentifier("common/creationDate")
    public static let commonIdentifierLastModifiedDate = AVMetadataIdentifier("common/lastModifiedDate")
    public static let commonIdentifierType = AVMetadataIdentifier("common/type")
    public static let commonIdentifierFormat = AVMetadataIdentifier("common/format")
    public static let commonIdentifierAssetIdentifier = AVMetadataIdentifier("common/identifier")
    public static let commonIdentifierSource = AVMetadataIdentifier("common/source")
    public static let commonIdentifierLanguage = AVMetadataIdentifier("common/language")
    public static let commonIdentifierRelation = AVMetadataIdentifier("common/relation")
    public static let commonIdentifierLocation = AVMetadataIdentifier("common/location")
    public static let commonIdentifierCopyrights = AVMetadataIdentifier("common/copyrights")
    public static let commonIdentifierAlbumName = AVMetadataIdentifier("common/albumName")
    public static let commonIdentifierAuthor = AVMetadataIdentifier("common/author")
    public static let commonIdentifierArtist = AVMetadataIdentifier("common/artist")
    public static let commonIdentifierArtwork = AVMetadataIdentifier("common/artwork")
    public static let commonIdentifierMake = AVMetadataIdentifier("common/make")
    public static let commonIdentifierModel = AVMetadataIdentifier("common/model")
    public static let commonIdentifierSoftware = AVMetadataIdentifier("common/software")

    public static let id3MetadataTitleDescription = AVMetadataIdentifier("id3/TIT2")
    public static let id3MetadataLeadPerformer = AVMetadataIdentifier("id3/TPE1")
    public static let id3MetadataBand = AVMetadataIdentifier("id3/TPE2")
    public static let id3MetadataAlbumTitle = AVMetadataIdentifier("id3/TALB")
    public static let id3MetadataAttachedPicture = AVMetadataIdentifier("id3/APIC")
    public static let id3MetadataComments = AVMetadataIdentifier("id3/COMM")
    public static let id3MetadataTrackNumber = AVMetadataIdentifier("id3/TRCK")
    public static let id3MetadataContentType = AVMetadataIdentifier("id3/TCON")
    public static let id3MetadataYear = AVMetadataIdentifier("id3/TYER")

    public static let iTunesMetadataSongName = AVMetadataIdentifier("itsk/%A9nam")
    public static let iTunesMetadataArtist = AVMetadataIdentifier("itsk/%A9ART")
    public static let iTunesMetadataAlbumArtist = AVMetadataIdentifier("itsk/aART")
    public static let iTunesMetadataAlbum = AVMetadataIdentifier("itsk/%A9alb")
    public static let iTunesMetadataCoverArt = AVMetadataIdentifier("itsk/covr")
    public static let iTunesMetadataUserComment = AVMetadataIdentifier("itsk/%A9cmt")
    public static let iTunesMetadataUserGenre = AVMetadataIdentifier("itsk/%A9gen")
    public static let iTunesMetadataTrackNumber = AVMetadataIdentifier("itsk/trkn")
    public static let iTunesMetadataReleaseDate = AVMetadataIdentifier("itsk/%A9day")
    public static let iTunesMetadataDescription = AVMetadataIdentifier("itsk/desc")

    public static let quickTimeMetadataTitle = AVMetadataIdentifier("mdta/com.apple.quicktime.title")
    public static let quickTimeMetadataArtist = AVMetadataIdentifier("mdta/com.apple.quicktime.artist")
    public static let quickTimeMetadataAlbum = AVMetadataIdentifier("mdta/com.apple.quicktime.album")
    public static let quickTimeMetadataArtwork = AVMetadataIdentifier("mdta/com.apple.quicktime.artwork")
    public static let quickTimeMetadataDescription = AVMetadataIdentifier("mdta/com.apple.quicktime.description")
    public static let quickTimeMetadataGenre = AVMetadataIdentifier("mdta/com.apple.quicktime.genre")

    public static let icyMetadataStreamTitle = AVMetadataIdentifier("icy/StreamTitle")
    public static let icyMetadataStreamURL = AVMetadataIdentifier("icy/StreamUrl")

    /// The identifier of `key` in `keySpace`: the key space's short name, `/`, and the key with `/`, `%` and
    /// characters outside ASCII (the © of iTunes keys) percent-encoded by their Latin-1 byte.
    static func of(key: String, keySpace: AVMetadataKeySpace) -> AVMetadataIdentifier {
        var encoded = ""
        for scalar in key.unicodeScalars {
            if scalar.value < 0x80, scalar != "/", scalar != "%" {
                encoded.unicodeScalars.append(scalar)
            } else if scalar.value <= 0xFF {
                encoded += String(format: "%%%02X", scalar.value)
            } else {
                encoded += String(scalar).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            }
        }
        return AVMetadataIdentifier("\(keySpace.identifierPrefix)/\(encoded)")
    }

    /// The key space and key this identifier names, when it is well formed.
    var keySpaceAndKey: (AVMetadataKeySpace, String)? {
        guard let slash = rawValue.firstIndex(of: "/") else { return nil }
        let prefix = String(rawValue[..<slash])
        let space: AVMetadataKeySpace =
            switch prefix {
            case "common": .common
            case "id3": .id3
            default: AVMetadataKeySpace(prefix)
            }
        var key = ""
        var bytes = Array(rawValue[rawValue.index(after: slash)...].utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2,
                let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16)
            {
                key.unicodeScalars.append(Unicode.Scalar(value))
                bytes = bytes.dropFirst(2)
            } else {
                key.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return (space, key)
    }
}

/// The common keys of the identifiers that map to one (the title of each format, ...).
private let commonKeys: [AVMetadataIdentifier: AVMetadataKey] = [
    .id3MetadataTitleDescription: .commonKeyTitle, .iTunesMetadataSongName: .commonKeyTitle,
    .quickTimeMetadataTitle: .commonKeyTitle,
    .id3MetadataLeadPerformer: .commonKeyArtist, .iTunesMetadataArtist: .commonKeyArtist,
    .quickTimeMetadataArtist: .commonKeyArtist,
    .id3MetadataAlbumTitle: .commonKeyAlbumName, .iTunesMetadataAlbum: .commonKeyAlbumName,
    .quickTimeMetadataAlbum: .commonKeyAlbumName,
    .id3MetadataAttachedPicture: .commonKeyArtwork, .iTunesMetadataCoverArt: .commonKeyArtwork,
    .quickTimeMetadataArtwork: .commonKeyArtwork,
    .id3MetadataComments: .commonKeyDescription, .iTunesMetadataDescription: .commonKeyDescription,
    .quickTimeMetadataDescription: .commonKeyDescription,
    .id3MetadataContentType: .commonKeyType, .iTunesMetadataUserGenre: .commonKeyType,
    .quickTimeMetadataGenre: .commonKeyType,
]

/// `AVMetadataItem`: one tag of an asset (its title, artist, album, artwork, ...). Its `value` is an `NSString`,
/// `NSNumber`, `NSDate` or `NSData`; `stringValue`, `numberValue`, `dateValue` and `dataValue` read it as each kind.
open class AVMetadataItem: NSObject, AVAsynchronousKeyValueLoading, _KeyLoadingState, @unchecked Sendable {
    let keyLoading = KeyLoading()
    fileprivate var _identifier: AVMetadataIdentifier?
    fileprivate var _extendedLanguageTag: String?
    fileprivate var _value: (any NSCopying & NSObjectProtocol)?
    fileprivate var _time: CMTime = .invalid
    fileprivate var _duration: CMTime = .invalid
    fileprivate var _dataType: String?
    fileprivate var _extraAttributes: [AVMetadataExtraAttributeKey: Any]?

    public override init() {}

    init(identifier: AVMetadataIdentifier, value: any NSCopying & NSObjectProtocol) {
        _identifier = identifier
        _value = value
    }

    /// The key space and the key, from `identifier`.
    open var identifier: AVMetadataIdentifier? { _identifier }
    open var keySpace: AVMetadataKeySpace? { _identifier?.keySpaceAndKey?.0 }
    /// The key, an `NSString` (`"TIT2"`, `"©nam"`, `"title"`).
    open var key: (any NSCopying & NSObjectProtocol)? { _identifier?.keySpaceAndKey.map { $0.1 as NSString } }
    /// The common key its identifier maps to (a title of any format is `commonKeyTitle`); nil if none.
    open var commonKey: AVMetadataKey? {
        guard let identifier = _identifier else { return nil }
        if let (space, key) = identifier.keySpaceAndKey, space == .common { return AVMetadataKey(key) }
        return commonKeys[identifier]
    }
    open var value: (any NSCopying & NSObjectProtocol)? { _value }
    open var extendedLanguageTag: String? { _extendedLanguageTag }
    open var locale: Locale? { _extendedLanguageTag.map { Locale(identifier: $0) } }
    open var time: CMTime { _time }
    open var duration: CMTime { _duration }
    open var dataType: String? { _dataType }
    open var extraAttributes: [AVMetadataExtraAttributeKey: Any]? { _extraAttributes }

    open var stringValue: String? {
        switch _value {
        case let string as NSString: string as String
        case let number as NSNumber: number.stringValue
        case let date as NSDate: ISO8601DateFormatter().string(from: date as Date)
        default: nil
        }
    }

    open var numberValue: NSNumber? {
        switch _value {
        case let number as NSNumber: number
        case let string as NSString: Double(string as String).map { NSNumber(value: $0) }
        default: nil
        }
    }

    open var dateValue: Date? {
        switch _value {
        case let date as NSDate: date as Date
        case let string as NSString: ISO8601DateFormatter().date(from: string as String)
        default: nil
        }
    }

    open var dataValue: Data? {
        switch _value {
        case let data as NSData: data as Data
        default: nil
        }
    }

    /// `metadataItems(from:withKey:keySpace:)`: the items whose key is `key` in `keySpace` (nil: any). In the
    /// `common` key space an item's `commonKey` is its key there, as iOS matches it.
    open class func metadataItems(
        from metadataItems: [AVMetadataItem], withKey key: Any?,
        keySpace: AVMetadataKeySpace?
    ) -> [AVMetadataItem] {
        let wanted = (key as? AVMetadataKey)?.rawValue ?? (key as? String) ?? (key as? NSString).map { $0 as String }
        return metadataItems.filter { item in
            if keySpace == .common {
                guard let common = item.commonKey else { return false }
                return wanted == nil || common.rawValue == wanted
            }
            if let keySpace, item.keySpace != keySpace { return false }
            return wanted == nil || item.identifier?.keySpaceAndKey?.1 == wanted
        }
    }

    /// `metadataItems(from:filteredByIdentifier:)`: the items with `identifier`; a common identifier
    /// (`.commonIdentifierTitle`) also matches the items whose `commonKey` it names.
    open class func metadataItems(
        from metadataItems: [AVMetadataItem],
        filteredByIdentifier identifier: AVMetadataIdentifier
    ) -> [AVMetadataItem] {
        let common = identifier.keySpaceAndKey.flatMap { $0.0 == .common ? AVMetadataKey($0.1) : nil }
        return metadataItems.filter { $0.identifier == identifier || (common != nil && $0.commonKey == common) }
    }

    /// `metadataItems(from:withLocale:)`: the items in `locale`'s language, and those without a language.
    open class func metadataItems(from metadataItems: [AVMetadataItem], with locale: Locale) -> [AVMetadataItem] {
        metadataItems.filter { $0.locale == nil || $0.locale?.identifier == locale.identifier }
    }

    /// `identifier(forKey:keySpace:)`.
    open class func identifier(forKey key: Any, keySpace: AVMetadataKeySpace) -> AVMetadataIdentifier? {
        let string = (key as? AVMetadataKey)?.rawValue ?? (key as? String) ?? (key as? NSString).map { $0 as String }
        return string.map { AVMetadataIdentifier.of(key: $0, keySpace: keySpace) }
    }

    // MARK: Loading

    public var _loadingError: NSError? { nil }
    public static var _loadableKeys: Set<String> {
        ["value", "stringValue", "numberValue", "dateValue", "dataValue", "commonKey", "identifier", "extraAttributes"]
    }

    public func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus {
        statusOfKey(key, error: outError)
    }

    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (() -> Void)? = nil) {
        loadKeys(keys, handler)
    }

    // MARK: The phone's media as items

    /// The items of `media` in `format`: title, artist, album and artwork (data), as far as it has them.
    static func items(for media: SimulatedMedia, format: AVMetadataFormat) -> [AVMetadataItem] {
        let identifiers: [AVMetadataIdentifier] =
            switch format {
            case .id3Metadata:
                [
                    .id3MetadataTitleDescription, .id3MetadataLeadPerformer, .id3MetadataAlbumTitle,
                    .id3MetadataAttachedPicture,
                ]
            case .iTunesMetadata:
                [
                    .iTunesMetadataSongName, .iTunesMetadataArtist, .iTunesMetadataAlbum,
                    .iTunesMetadataCoverArt,
                ]
            default:
                [
                    .quickTimeMetadataTitle, .quickTimeMetadataArtist, .quickTimeMetadataAlbum,
                    .quickTimeMetadataArtwork,
                ]
            }
        let values: [(any NSCopying & NSObjectProtocol)?] = [
            media.title.map { $0 as NSString }, media.artist.map { $0 as NSString },
            media.album.map { $0 as NSString }, media.artwork.map { $0 as NSData },
        ]
        return zip(identifiers, values).compactMap { identifier, value in
            value.map { AVMetadataItem(identifier: identifier, value: $0) }
        }
    }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == String? {
    public static var stringValue: AVAsyncProperty<Root, String?> { AVAsyncProperty("stringValue") { $0.stringValue } }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == NSNumber? {
    public static var numberValue: AVAsyncProperty<Root, NSNumber?> {
        AVAsyncProperty("numberValue") { $0.numberValue }
    }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == Date? {
    public static var dateValue: AVAsyncProperty<Root, Date?> { AVAsyncProperty("dateValue") { $0.dateValue } }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == Data? {
    public static var dataValue: AVAsyncProperty<Root, Data?> { AVAsyncProperty("dataValue") { $0.dataValue } }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == (any NSCopying & NSObjectProtocol)? {
    public static var value: AVAsyncProperty<Root, (any NSCopying & NSObjectProtocol)?> {
        AVAsyncProperty("value") { $0.value }
    }
}

/// `AVMetadataExtraAttributeKey`.
public struct AVMetadataExtraAttributeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let info = AVMetadataExtraAttributeKey(rawValue: "info")
}

/// `AVMutableMetadataItem`: an item the app makes, for `AVPlayerItem.externalMetadata` (what AVPlayerViewController
/// shows). Setting `identifier` sets the key space and key; setting `key` or `keySpace` sets the identifier.
open class AVMutableMetadataItem: AVMetadataItem, @unchecked Sendable {
    public override init() { super.init() }

    open override var identifier: AVMetadataIdentifier? {
        get { _identifier }
        set { _identifier = newValue }
    }

    open override var keySpace: AVMetadataKeySpace? {
        get { super.keySpace ?? pendingKeySpace }
        set {
            pendingKeySpace = newValue
            updateIdentifier()
        }
    }

    open override var key: (any NSCopying & NSObjectProtocol)? {
        get { super.key ?? pendingKey.map { $0 as NSString } }
        set {
            pendingKey = (newValue as? NSString).map { $0 as String }
            updateIdentifier()
        }
    }

    private var pendingKey: String?
    private var pendingKeySpace: AVMetadataKeySpace?

    private func updateIdentifier() {
        guard let pendingKey, let pendingKeySpace else { return }
        _identifier = .of(key: pendingKey, keySpace: pendingKeySpace)
    }

    open override var value: (any NSCopying & NSObjectProtocol)? {
        get { _value }
        set { _value = newValue }
    }

    open override var extendedLanguageTag: String? {
        get { _extendedLanguageTag }
        set { _extendedLanguageTag = newValue }
    }

    open override var locale: Locale? {
        get { super.locale }
        set { _extendedLanguageTag = newValue?.identifier }
    }

    open override var time: CMTime {
        get { _time }
        set { _time = newValue }
    }

    open override var duration: CMTime {
        get { _duration }
        set { _duration = newValue }
    }

    open override var dataType: String? {
        get { _dataType }
        set { _dataType = newValue }
    }

    open override var extraAttributes: [AVMetadataExtraAttributeKey: Any]? {
        get { _extraAttributes }
        set { _extraAttributes = newValue }
    }
}
