import ArbiterEngine

/// `MPRemoteCommandEvent`: what a handler is given. Commands that carry a value send one of its subclasses.
open class MPRemoteCommandEvent: NSObject, @unchecked Sendable {
    /// The command that sent the event.
    public let command: MPRemoteCommand
    /// When the event occurred: the phone's time, in seconds since the run began.
    public let timestamp: TimeInterval

    init(_ command: MPRemoteCommand, timestamp: TimeInterval) {
        self.command = command
        self.timestamp = timestamp
    }
}

/// `MPChangePlaybackPositionCommandEvent` (changePlaybackPosition).
open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// Where the user moved the scrubber, in seconds (0 when the command was sent without a position).
    public let positionTime: TimeInterval

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, positionTime: TimeInterval) {
        self.positionTime = positionTime
        super.init(command, timestamp: timestamp)
    }
}

/// `MPSkipIntervalCommandEvent` (skipForward, skipBackward).
open class MPSkipIntervalCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The interval chosen, in seconds.
    public let interval: TimeInterval

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, interval: TimeInterval) {
        self.interval = interval
        super.init(command, timestamp: timestamp)
    }
}

/// `MPChangePlaybackRateCommandEvent` (changePlaybackRate).
open class MPChangePlaybackRateCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The rate chosen.
    public let playbackRate: Float

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, playbackRate: Float) {
        self.playbackRate = playbackRate
        super.init(command, timestamp: timestamp)
    }
}

/// `MPRepeatType`.
public enum MPRepeatType: Int, Sendable {
    case off = 0
    case one, all
}

/// `MPShuffleType`.
public enum MPShuffleType: Int, Sendable {
    case off = 0
    case items, collections
}

/// `MPChangeRepeatModeCommandEvent` (changeRepeatMode).
open class MPChangeRepeatModeCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The repeat type chosen.
    public let repeatType: MPRepeatType
    /// Whether the choice should outlast this playback session: always false on the simulated phone.
    public let preservesRepeatMode: Bool

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, repeatType: MPRepeatType) {
        self.repeatType = repeatType
        preservesRepeatMode = false
        super.init(command, timestamp: timestamp)
    }
}

/// `MPChangeShuffleModeCommandEvent` (changeShuffleMode).
open class MPChangeShuffleModeCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The shuffle type chosen.
    public let shuffleType: MPShuffleType
    /// Whether the choice should outlast this playback session: always false on the simulated phone.
    public let preservesShuffleMode: Bool

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, shuffleType: MPShuffleType) {
        self.shuffleType = shuffleType
        preservesShuffleMode = false
        super.init(command, timestamp: timestamp)
    }
}

/// `MPSeekCommandEventType`.
public enum MPSeekCommandEventType: UInt, Sendable {
    case beginSeeking = 0
    case endSeeking
}

/// `MPSeekCommandEvent` (seekForward, seekBackward): the user began or ended holding the button.
open class MPSeekCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// Whether the seek began or ended (`.beginSeeking` when the command was sent without a phase).
    public let type: MPSeekCommandEventType

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, type: MPSeekCommandEventType) {
        self.type = type
        super.init(command, timestamp: timestamp)
    }
}

/// `MPRatingCommandEvent` (rating).
open class MPRatingCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The rating chosen.
    public let rating: Float

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, rating: Float) {
        self.rating = rating
        super.init(command, timestamp: timestamp)
    }
}

/// `MPFeedbackCommandEvent` (like, dislike, bookmark).
open class MPFeedbackCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// True when the user undoes the feedback (removes a bookmark, un-likes); false when sent without the flag.
    public let isNegative: Bool

    init(_ command: MPRemoteCommand, timestamp: TimeInterval, isNegative: Bool) {
        self.isNegative = isNegative
        super.init(command, timestamp: timestamp)
    }
}

extension MPRepeatType {
    init(_ type: RepeatType) {
        switch type {
        case .off: self = .off
        case .one: self = .one
        case .all: self = .all
        }
    }
}

extension MPShuffleType {
    init(_ type: ShuffleType) {
        switch type {
        case .off: self = .off
        case .items: self = .items
        case .collections: self = .collections
        }
    }
}
