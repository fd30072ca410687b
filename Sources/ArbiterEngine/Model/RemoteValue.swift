/// What the user chose with a remote command, as the command's `MPRemoteCommandEvent` subclass carries it
/// (reference §8.3; SDK header `MPRemoteCommandEvent.h`). A command sent without one gets the SDK's default in the
/// app's handler (ArbiterKit's `MPRemoteCommandCenter` says which).
public enum RemoteValue: Hashable, Sendable, CustomStringConvertible {
    /// changePlaybackPosition: seconds into the item (`MPChangePlaybackPositionCommandEvent.positionTime`).
    case position(Double)
    /// skipForward, skipBackward: seconds to skip (`MPSkipIntervalCommandEvent.interval`).
    case interval(Double)
    /// changePlaybackRate: the rate chosen (`MPChangePlaybackRateCommandEvent.playbackRate`).
    case rate(Double)
    /// changeRepeatMode (`MPChangeRepeatModeCommandEvent.repeatType`).
    case repeatType(RepeatType)
    /// changeShuffleMode (`MPChangeShuffleModeCommandEvent.shuffleType`).
    case shuffleType(ShuffleType)
    /// seekForward, seekBackward: the user pressed (begin) or let go (end) (`MPSeekCommandEvent.type`).
    case seek(SeekPhase)
    /// rating (`MPRatingCommandEvent.rating`).
    case rating(Double)
    /// like, dislike, bookmark: true to undo it, e.g. remove a bookmark (`MPFeedbackCommandEvent.isNegative`).
    case negative(Bool)

    /// The kind of value, as a command takes it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case position, interval, rate, repeatType, shuffleType, seek, rating, negative

        /// The kind in words, with its article: `an interval`, `a repeat type`.
        public var phrase: String {
            switch self {
            case .position: "a position"
            case .interval: "an interval"
            case .rate: "a rate"
            case .repeatType: "a repeat type"
            case .shuffleType: "a shuffle type"
            case .seek: "a seek phase"
            case .rating: "a rating"
            case .negative: "a feedback sign"
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .position: .position
        case .interval: .interval
        case .rate: .rate
        case .repeatType: .repeatType
        case .shuffleType: .shuffleType
        case .seek: .seek
        case .rating: .rating
        case .negative: .negative
        }
    }

    /// The seconds of a position, nil for other values.
    public var position: Double? {
        if case .position(let seconds) = self { return seconds }
        return nil
    }

    /// The number a value carries, if it is a number.
    public var number: Double? {
        switch self {
        case .position(let value), .interval(let value), .rate(let value), .rating(let value): value
        case .repeatType, .shuffleType, .seek, .negative: nil
        }
    }

    /// As a transcript shows it after the command: `30.0`, `all`, `begin`, `negative`.
    public var description: String {
        switch self {
        case .position(let value), .interval(let value), .rate(let value), .rating(let value): "\(value)"
        case .repeatType(let type): type.rawValue
        case .shuffleType(let type): type.rawValue
        case .seek(let phase): phase.rawValue
        case .negative(let negative): negative ? "negative" : "positive"
        }
    }
}

/// `MPRepeatType` (off 0, one 1, all 2).
public enum RepeatType: String, Hashable, Sendable, CaseIterable {
    case off, one, all
}

/// `MPShuffleType` (off 0, items 1, collections 2).
public enum ShuffleType: String, Hashable, Sendable, CaseIterable {
    case off, items, collections
}

/// `MPSeekCommandEventType`: beginSeeking (0) or endSeeking (1).
public enum SeekPhase: String, Hashable, Sendable, CaseIterable {
    case begin, end
}

extension RemoteCommand {
    /// The kind of value the command carries, nil for a command that carries none (play, pause, nextTrack, ...).
    /// enableLanguageOption and disableLanguageOption carry a language option, which is not modelled.
    public var valueKind: RemoteValue.Kind? {
        switch self {
        case .changePlaybackPosition: .position
        case .skipForward, .skipBackward: .interval
        case .changePlaybackRate: .rate
        case .changeRepeatMode: .repeatType
        case .changeShuffleMode: .shuffleType
        case .seekForward, .seekBackward: .seek
        case .rating: .rating
        case .like, .dislike, .bookmark: .negative
        case .play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .enableLanguageOption,
            .disableLanguageOption:
            nil
        }
    }
}
