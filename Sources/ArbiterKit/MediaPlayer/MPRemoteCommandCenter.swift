import ArbiterEngine

/// `MPRemoteCommandHandlerStatus`.
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    case success = 0
    case noSuchContent = 100
    case noActionableNowPlayingItem = 110
    case deviceNotFound = 120
    case commandFailed = 200
}

/// `MPRemoteCommandCenter`: the running app's remote commands. A command with an enabled handler is one the engine
/// delivers to the app while it is Now Playing; the phone then calls each of its handlers, in the order they were
/// added, and records what they returned (`SimulatedApp.remoteCommandResults`).
open class MPRemoteCommandCenter: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    private static let outside = MPRemoteCommandCenter(app: nil)

    public let playCommand: MPRemoteCommand
    public let pauseCommand: MPRemoteCommand
    public let stopCommand: MPRemoteCommand
    public let togglePlayPauseCommand: MPRemoteCommand
    public let nextTrackCommand: MPRemoteCommand
    public let previousTrackCommand: MPRemoteCommand
    public let changeRepeatModeCommand: MPRemoteCommand
    public let changeShuffleModeCommand: MPRemoteCommand
    public let changePlaybackRateCommand: MPChangePlaybackRateCommand
    public let seekBackwardCommand: MPRemoteCommand
    public let seekForwardCommand: MPRemoteCommand
    public let skipBackwardCommand: MPSkipIntervalCommand
    public let skipForwardCommand: MPSkipIntervalCommand
    public let changePlaybackPositionCommand: MPChangePlaybackPositionCommand
    public let ratingCommand: MPRemoteCommand
    public let likeCommand: MPFeedbackCommand
    public let dislikeCommand: MPFeedbackCommand
    public let bookmarkCommand: MPFeedbackCommand
    public let enableLanguageOptionCommand: MPRemoteCommand
    public let disableLanguageOptionCommand: MPRemoteCommand

    init(app: SimulatedApp?) {
        self.app = app
        playCommand = MPRemoteCommand(.play)
        pauseCommand = MPRemoteCommand(.pause)
        stopCommand = MPRemoteCommand(.stop)
        togglePlayPauseCommand = MPRemoteCommand(.togglePlayPause)
        nextTrackCommand = MPRemoteCommand(.nextTrack)
        previousTrackCommand = MPRemoteCommand(.previousTrack)
        changeRepeatModeCommand = MPRemoteCommand(.changeRepeatMode)
        changeShuffleModeCommand = MPRemoteCommand(.changeShuffleMode)
        changePlaybackRateCommand = MPChangePlaybackRateCommand(.changePlaybackRate)
        seekBackwardCommand = MPRemoteCommand(.seekBackward)
        seekForwardCommand = MPRemoteCommand(.seekForward)
        skipBackwardCommand = MPSkipIntervalCommand(.skipBackward)
        skipForwardCommand = MPSkipIntervalCommand(.skipForward)
        changePlaybackPositionCommand = MPChangePlaybackPositionCommand(.changePlaybackPosition)
        ratingCommand = MPRemoteCommand(.rating)
        likeCommand = MPFeedbackCommand(.like)
        dislikeCommand = MPFeedbackCommand(.dislike)
        bookmarkCommand = MPFeedbackCommand(.bookmark)
        enableLanguageOptionCommand = MPRemoteCommand(.enableLanguageOption)
        disableLanguageOptionCommand = MPRemoteCommand(.disableLanguageOption)
        super.init()
        for command in commands { command.center = self }
    }

    /// The running app's command center.
    open class func shared() -> MPRemoteCommandCenter {
        if let app = SimulatedApp.current { return app.commandCenter }
        Diagnostics.outsideApp("MPRemoteCommandCenter.shared()")
        return outside
    }

    var commands: [MPRemoteCommand] {
        [playCommand, pauseCommand, stopCommand, togglePlayPauseCommand, nextTrackCommand, previousTrackCommand,
         changeRepeatModeCommand, changeShuffleModeCommand, changePlaybackRateCommand, seekBackwardCommand,
         seekForwardCommand, skipBackwardCommand, skipForwardCommand, changePlaybackPositionCommand, ratingCommand,
         likeCommand, dislikeCommand, bookmarkCommand, enableLanguageOptionCommand, disableLanguageOptionCommand]
    }

    /// A command's handlers run; returns their statuses.
    func dispatch(_ command: RemoteCommand, position: Double?) -> [MPRemoteCommandHandlerStatus] {
        guard let target = commands.first(where: { $0.command == command }), target.isEnabled else { return [] }
        let event: MPRemoteCommandEvent = switch command {
        case .changePlaybackPosition: MPChangePlaybackPositionCommandEvent(target, positionTime: position ?? 0)
        case .skipForward, .skipBackward:
            MPSkipIntervalCommandEvent(target, interval: (target as? MPSkipIntervalCommand)?.preferredIntervals.first?
                .doubleValue ?? 15)
        default: MPRemoteCommandEvent(target)
        }
        return target.handlers.map { $0.handler(event) }
    }

    /// A command's handler or enabled flag changed: the engine learns whether the app now handles it.
    func commandChanged(_ command: MPRemoteCommand, _ api: String) {
        guard let app else { return Diagnostics.outsideApp("MPRemoteCommand.\(api)") }
        let handles = command.isEnabled && !command.handlers.isEmpty
        let enabled = app.state?.enabledCommands.contains(command.command) ?? false
        guard handles != enabled else { return }
        app.call(handles ? .enableCommands([command.command]) : .disableCommands([command.command]),
                 api: "MPRemoteCommandCenter.\(command.command)Command.\(api)")
    }
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

open class MPSkipIntervalCommand: MPRemoteCommand, @unchecked Sendable {
    open var preferredIntervals: [NSNumber] = [15]
}

open class MPChangePlaybackPositionCommand: MPRemoteCommand, @unchecked Sendable {}

open class MPChangePlaybackRateCommand: MPRemoteCommand, @unchecked Sendable {
    open var supportedPlaybackRates: [NSNumber] = []
}

open class MPFeedbackCommand: MPRemoteCommand, @unchecked Sendable {
    open var isActive = false
    open var localizedTitle = ""
}

/// `MPRemoteCommandEvent`: what a handler is given.
open class MPRemoteCommandEvent: NSObject, @unchecked Sendable {
    public let command: MPRemoteCommand
    public let timestamp: TimeInterval = 0
    init(_ command: MPRemoteCommand) { self.command = command }
}

open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// Where the user moved the scrubber, in seconds.
    public let positionTime: TimeInterval
    init(_ command: MPRemoteCommand, positionTime: TimeInterval) {
        self.positionTime = positionTime
        super.init(command)
    }
}

open class MPSkipIntervalCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let interval: TimeInterval
    init(_ command: MPRemoteCommand, interval: TimeInterval) {
        self.interval = interval
        super.init(command)
    }
}
