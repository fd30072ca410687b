/// `MPNowPlayingInfoLanguageOptionType`.
public enum MPNowPlayingInfoLanguageOptionType: UInt, Sendable {
    case audible = 0
    case legible
}

/// `MPNowPlayingInfoLanguageOption`: an audio or subtitle option, for `MPNowPlayingInfoPropertyCurrentLanguageOptions`
/// and the groups of `MPNowPlayingInfoPropertyAvailableLanguageOptions`. Kept and read back; the simulated phone
/// offers no language choice (enableLanguageOption and disableLanguageOption carry no option).
open class MPNowPlayingInfoLanguageOption: NSObject, @unchecked Sendable {
    public let languageOptionType: MPNowPlayingInfoLanguageOptionType
    /// The IETF BCP 47 language tag; nil disables the option.
    public let languageTag: String?
    public let languageOptionCharacteristics: [String]?
    public let displayName: String?
    public let identifier: String?

    public init(
        type languageOptionType: MPNowPlayingInfoLanguageOptionType, languageTag: String,
        characteristics languageOptionCharacteristics: [String]?, displayName: String, identifier: String
    ) {
        self.languageOptionType = languageOptionType
        self.languageTag = languageTag
        self.languageOptionCharacteristics = languageOptionCharacteristics
        self.displayName = displayName
        self.identifier = identifier
    }
}

/// `MPNowPlayingInfoLanguageOptionGroup`: options of which one at most plays at a time.
open class MPNowPlayingInfoLanguageOptionGroup: NSObject, @unchecked Sendable {
    public let languageOptions: [MPNowPlayingInfoLanguageOption]
    public let defaultLanguageOption: MPNowPlayingInfoLanguageOption?
    public let allowEmptySelection: Bool

    public init(
        languageOptions: [MPNowPlayingInfoLanguageOption],
        defaultLanguageOption: MPNowPlayingInfoLanguageOption?, allowEmptySelection: Bool
    ) {
        self.languageOptions = languageOptions
        self.defaultLanguageOption = defaultLanguageOption
        self.allowEmptySelection = allowEmptySelection
    }
}
