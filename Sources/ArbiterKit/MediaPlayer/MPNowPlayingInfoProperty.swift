// The keys of `MPNowPlayingInfoCenter.nowPlayingInfo`, with the SDK's string values. The media item keys are the
// item's property names ("title", "albumPID", ...: MediaPlayer's `MPMediaItem.h`, whose early editions give them in
// comments, and what `nowPlayingInfo` holds on iOS); the Now Playing keys are their own names, but for
// `MPNowPlayingInfoPropertyCurrentLanguageOptions`, whose value is singular ("...CurrentLanguageOption"), as
// MediaPlayer compares it. Only title, artist, album title, duration, elapsed time, rate and default rate reach the
// engine; every key is kept and read back.

// MARK: Media item properties (`MPMediaItem.h`)

public let MPMediaItemPropertyPersistentID = "persistentID"
public let MPMediaItemPropertyMediaType = "mediaType"
public let MPMediaItemPropertyTitle = "title"
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
public let MPMediaItemPropertyAlbumPersistentID = "albumPID"
public let MPMediaItemPropertyArtist = "artist"
public let MPMediaItemPropertyArtistPersistentID = "artistPID"
public let MPMediaItemPropertyAlbumArtist = "albumArtist"
public let MPMediaItemPropertyAlbumArtistPersistentID = "albumArtistPID"
public let MPMediaItemPropertyGenre = "genre"
public let MPMediaItemPropertyGenrePersistentID = "genrePID"
public let MPMediaItemPropertyComposer = "composer"
public let MPMediaItemPropertyComposerPersistentID = "composerPID"
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
public let MPMediaItemPropertyAlbumTrackNumber = "albumTrackNumber"
public let MPMediaItemPropertyAlbumTrackCount = "albumTrackCount"
public let MPMediaItemPropertyDiscNumber = "discNumber"
public let MPMediaItemPropertyDiscCount = "discCount"
public let MPMediaItemPropertyArtwork = "artwork"
public let MPMediaItemPropertyIsExplicit = "isExplicit"
public let MPMediaItemPropertyLyrics = "lyrics"
public let MPMediaItemPropertyIsCompilation = "isCompilation"
public let MPMediaItemPropertyReleaseDate = "releaseDate"
public let MPMediaItemPropertyBeatsPerMinute = "beatsPerMinute"
public let MPMediaItemPropertyComments = "comments"
public let MPMediaItemPropertyAssetURL = "assetURL"
public let MPMediaItemPropertyIsCloudItem = "isCloudItem"
public let MPMediaItemPropertyHasProtectedAsset = "hasProtectedAsset"
public let MPMediaItemPropertyPodcastTitle = "podcastTitle"
public let MPMediaItemPropertyPodcastPersistentID = "podcastPID"
public let MPMediaItemPropertyPlayCount = "playCount"
public let MPMediaItemPropertySkipCount = "skipCount"
public let MPMediaItemPropertyRating = "rating"
public let MPMediaItemPropertyLastPlayedDate = "lastPlayedDate"
public let MPMediaItemPropertyUserGrouping = "userGrouping"
public let MPMediaItemPropertyBookmarkTime = "bookmarkTime"
public let MPMediaItemPropertyDateAdded = "dateAdded"
public let MPMediaItemPropertyPlaybackStoreID = "playbackStoreID"

// MARK: Now Playing properties (`MPNowPlayingInfoCenter.h`)

/// Seconds into the item when published (a number); the lock screen extrapolates from it at the rate (§8.2).
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
/// The rate (a number), 1 when omitted (§8.2).
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
/// The rate the item plays at when not seeking, for other than 1 (§8.2).
public let MPNowPlayingInfoPropertyDefaultPlaybackRate = "MPNowPlayingInfoPropertyDefaultPlaybackRate"
public let MPNowPlayingInfoPropertyPlaybackQueueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
public let MPNowPlayingInfoPropertyPlaybackQueueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
/// The chapter playing, from 0.
public let MPNowPlayingInfoPropertyChapterNumber = "MPNowPlayingInfoPropertyChapterNumber"
public let MPNowPlayingInfoPropertyChapterCount = "MPNowPlayingInfoPropertyChapterCount"
/// Whether the item is a live stream (a Bool or NSNumber).
public let MPNowPlayingInfoPropertyIsLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"
/// `[MPNowPlayingInfoLanguageOptionGroup]`.
public let MPNowPlayingInfoPropertyAvailableLanguageOptions = "MPNowPlayingInfoPropertyAvailableLanguageOptions"
/// `[MPNowPlayingInfoLanguageOption]`. The SDK's value is singular.
public let MPNowPlayingInfoPropertyCurrentLanguageOptions = "MPNowPlayingInfoPropertyCurrentLanguageOption"
public let MPNowPlayingInfoCollectionIdentifier = "MPNowPlayingInfoCollectionIdentifier"
public let MPNowPlayingInfoPropertyExternalContentIdentifier = "MPNowPlayingInfoPropertyExternalContentIdentifier"
public let MPNowPlayingInfoPropertyExternalUserProfileIdentifier =
    "MPNowPlayingInfoPropertyExternalUserProfileIdentifier"
public let MPNowPlayingInfoPropertyServiceIdentifier = "MPNowPlayingInfoPropertyServiceIdentifier"
/// How far through the item the user is, from 0 to 1 (a number).
public let MPNowPlayingInfoPropertyPlaybackProgress = "MPNowPlayingInfoPropertyPlaybackProgress"
/// An `MPNowPlayingInfoMediaType` raw value.
public let MPNowPlayingInfoPropertyMediaType = "MPNowPlayingInfoPropertyMediaType"
/// The item's `URL`.
public let MPNowPlayingInfoPropertyAssetURL = "MPNowPlayingInfoPropertyAssetURL"
/// The `Date` of the elapsed time, for dated streams (§8.2).
public let MPNowPlayingInfoPropertyCurrentPlaybackDate = "MPNowPlayingInfoPropertyCurrentPlaybackDate"
public let MPNowPlayingInfoPropertyCreditsStartTime = "MPNowPlayingInfoPropertyCreditsStartTime"
public let MPNowPlayingInfoPropertyExcludeFromSuggestions = "MPNowPlayingInfoPropertyExcludeFromSuggestions"
public let MPNowPlayingInfoPropertyInternationalStandardRecordingCode =
    "MPNowPlayingInfoPropertyInternationalStandardRecordingCode"

/// `MPMediaType`, the value of `MPMediaItemPropertyMediaType` (as its `rawValue` or an `NSNumber`).
public struct MPMediaType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let music = MPMediaType(rawValue: 1 << 0)
    public static let podcast = MPMediaType(rawValue: 1 << 1)
    public static let audioBook = MPMediaType(rawValue: 1 << 2)
    public static let audioITunesU = MPMediaType(rawValue: 1 << 3)
    public static let anyAudio = MPMediaType(rawValue: 0x00ff)
    public static let movie = MPMediaType(rawValue: 1 << 8)
    public static let tvShow = MPMediaType(rawValue: 1 << 9)
    public static let videoPodcast = MPMediaType(rawValue: 1 << 10)
    public static let musicVideo = MPMediaType(rawValue: 1 << 11)
    public static let videoITunesU = MPMediaType(rawValue: 1 << 12)
    public static let homeVideo = MPMediaType(rawValue: 1 << 13)
    public static let anyVideo = MPMediaType(rawValue: 0xff00)
    public static let any = MPMediaType(rawValue: ~0)
}
