import ArbiterEngine

/// `MPRemoteCommandHandlerStatus`.
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    case success = 0
    case noSuchContent = 100
    case noActionableNowPlayingItem = 110
    case deviceNotFound = 120
    case commandFailed = 200
}

/// `MPRemoteCommand`: one command's enabled flag and handlers.
open class MPRemoteCommand: NSObject, @unchecked Sendable {
    let command: RemoteCommand
    weak var center: MPRemoteCommandCenter?
    fileprivate(set) var handlers: [Target] = []

    init(_ command: RemoteCommand) { self.command = command }

    /// When false, iOS does not send the command (and may show it disabled).
    open var isEnabled = true {
        didSet { center?.commandChanged(self, "isEnabled = \(isEnabled)") }
    }

    /// Adds a handler; each call adds another. Returns the token `removeTarget(_:)` takes.
    @discardableResult
    open func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any {
        let target = Target(handler: handler)
        handlers.append(target)
        center?.commandChanged(self, "addTarget(handler:)")
        return target
    }

    /// Removes the handler with this token; nil removes them all.
    open func removeTarget(_ target: Any?) {
        if let target {
            handlers.removeAll { $0 === target as AnyObject }
        } else {
            handlers.removeAll()
        }
        center?.commandChanged(self, "removeTarget(_:)")
    }

    final class Target: NSObject, @unchecked Sendable {
        let handler: (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus
        init(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) { self.handler = handler }
    }
}

/// `MPSkipIntervalCommand` (skipForward, skipBackward): its handlers get an `MPSkipIntervalCommandEvent`.
open class MPSkipIntervalCommand: MPRemoteCommand, @unchecked Sendable {
    /// The intervals, in seconds, the lock screen offers. The SDK documents no default; ArbiterKit starts with
    /// `[15]`, and a skip sent without an interval carries the first of these (15 when the list is empty).
    open var preferredIntervals: [NSNumber] = [15]
}

/// `MPChangePlaybackPositionCommand`: its handlers get an `MPChangePlaybackPositionCommandEvent`.
open class MPChangePlaybackPositionCommand: MPRemoteCommand, @unchecked Sendable {}

/// `MPChangePlaybackRateCommand`: its handlers get an `MPChangePlaybackRateCommandEvent`.
open class MPChangePlaybackRateCommand: MPRemoteCommand, @unchecked Sendable {
    /// The rates the command may send. A rate sent without a value is the first of these, or 1 when the list is
    /// empty (its initial value). iOS sends only rates from this list; the phone delivers what it is sent.
    open var supportedPlaybackRates: [NSNumber] = []
}

/// `MPChangeRepeatModeCommand`: its handlers get an `MPChangeRepeatModeCommandEvent`.
open class MPChangeRepeatModeCommand: MPRemoteCommand, @unchecked Sendable {
    /// The app's current repeat type, which the system shows (initially `.off`). A change sent without a type
    /// carries this one.
    open var currentRepeatType: MPRepeatType = .off
}

/// `MPChangeShuffleModeCommand`: its handlers get an `MPChangeShuffleModeCommandEvent`.
open class MPChangeShuffleModeCommand: MPRemoteCommand, @unchecked Sendable {
    /// The app's current shuffle type, which the system shows (initially `.off`). A change sent without a type
    /// carries this one.
    open var currentShuffleType: MPShuffleType = .off
}

/// `MPRatingCommand`: its handlers get an `MPRatingCommandEvent`.
open class MPRatingCommand: MPRemoteCommand, @unchecked Sendable {
    /// The lowest rating (initially 0, the SDK's zero-initialised value). A rating sent without a value is this one.
    open var minimumRating: Float = 0
    /// The highest rating (initially 0). iOS sends ratings within the range; the phone delivers what it is sent.
    open var maximumRating: Float = 0
}

/// `MPFeedbackCommand` (like, dislike, bookmark): its handlers get an `MPFeedbackCommandEvent`.
open class MPFeedbackCommand: MPRemoteCommand, @unchecked Sendable {
    /// Whether the feedback is given already (the item is liked, say). Kept, not shown.
    open var isActive = false
    /// What the command does, for the lock screen. Kept, not shown.
    open var localizedTitle = ""
    /// A shorter title for small screens. Kept, not shown.
    open var localizedShortTitle = ""
}

extension MPRemoteCommandCenter {
    /// Adds `other`'s handlers after each command's own (an adopted app's center and its launch's).
    func takeHandlers(of other: MPRemoteCommandCenter) {
        for (command, theirs) in zip(commands, other.commands) where !theirs.handlers.isEmpty {
            command.handlers += theirs.handlers
            theirs.handlers = []
        }
    }
}
