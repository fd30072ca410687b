import ArbiterEngine

/// `MPRemoteCommandCenter`: the running app's remote commands. A command with an enabled handler is one the engine
/// delivers to the app while it is Now Playing; the phone then calls each of its handlers, in the order they were
/// added, with the command's event (its subclass carries what the user chose: reference §8.3), and records what they
/// returned (`SimulatedApp.remoteCommandResults`).
open class MPRemoteCommandCenter: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    private static let outside = MPRemoteCommandCenter(app: nil)

    public let playCommand: MPRemoteCommand
    public let pauseCommand: MPRemoteCommand
    public let stopCommand: MPRemoteCommand
    public let togglePlayPauseCommand: MPRemoteCommand
    public let nextTrackCommand: MPRemoteCommand
    public let previousTrackCommand: MPRemoteCommand
    public let changeRepeatModeCommand: MPChangeRepeatModeCommand
    public let changeShuffleModeCommand: MPChangeShuffleModeCommand
    public let changePlaybackRateCommand: MPChangePlaybackRateCommand
    public let seekBackwardCommand: MPRemoteCommand
    public let seekForwardCommand: MPRemoteCommand
    public let skipBackwardCommand: MPSkipIntervalCommand
    public let skipForwardCommand: MPSkipIntervalCommand
    public let changePlaybackPositionCommand: MPChangePlaybackPositionCommand
    public let ratingCommand: MPRatingCommand
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
        changeRepeatModeCommand = MPChangeRepeatModeCommand(.changeRepeatMode)
        changeShuffleModeCommand = MPChangeShuffleModeCommand(.changeShuffleMode)
        changePlaybackRateCommand = MPChangePlaybackRateCommand(.changePlaybackRate)
        seekBackwardCommand = MPRemoteCommand(.seekBackward)
        seekForwardCommand = MPRemoteCommand(.seekForward)
        skipBackwardCommand = MPSkipIntervalCommand(.skipBackward)
        skipForwardCommand = MPSkipIntervalCommand(.skipForward)
        changePlaybackPositionCommand = MPChangePlaybackPositionCommand(.changePlaybackPosition)
        ratingCommand = MPRatingCommand(.rating)
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
        [
            playCommand, pauseCommand, stopCommand, togglePlayPauseCommand, nextTrackCommand, previousTrackCommand,
            changeRepeatModeCommand, changeShuffleModeCommand, changePlaybackRateCommand, seekBackwardCommand,
            seekForwardCommand, skipBackwardCommand, skipForwardCommand, changePlaybackPositionCommand, ratingCommand,
            likeCommand, dislikeCommand, bookmarkCommand, enableLanguageOptionCommand, disableLanguageOptionCommand,
        ]
    }

    /// A command's handlers run with the event for what was sent, at `time`; returns their statuses.
    func dispatch(_ command: RemoteCommand, value: RemoteValue?, at time: Time) -> [MPRemoteCommandHandlerStatus] {
        guard let target = commands.first(where: { $0.command == command }), target.isEnabled else { return [] }
        if command == .enableLanguageOption || command == .disableLanguageOption {
            Diagnostics.unmodelled(
                "MPChangeLanguageOptionCommandEvent (MPRemoteCommandCenter.\(command)Command; its "
                    + "handlers get a plain MPRemoteCommandEvent)", app: app)
        }
        let event = event(for: target, value: value, timestamp: time.seconds)
        return target.handlers.map { $0.handler(event) }
    }

    /// The event `target`'s handlers get: the value sent, or the SDK's default when none was (docs/app-code.md).
    private func event(for target: MPRemoteCommand, value: RemoteValue?, timestamp: TimeInterval)
        -> MPRemoteCommandEvent
    {
        switch target.command.valueKind {
        case .position:
            return MPChangePlaybackPositionCommandEvent(target, timestamp: timestamp, positionTime: value?.number ?? 0)
        case .interval:
            let preferred = (target as? MPSkipIntervalCommand)?.preferredIntervals.first?.doubleValue
            return MPSkipIntervalCommandEvent(target, timestamp: timestamp, interval: value?.number ?? preferred ?? 15)
        case .rate:
            let supported = (target as? MPChangePlaybackRateCommand)?.supportedPlaybackRates.first?.doubleValue
            return MPChangePlaybackRateCommandEvent(
                target, timestamp: timestamp,
                playbackRate: Float(value?.number ?? supported ?? 1))
        case .repeatType:
            let type: MPRepeatType =
                if case .repeatType(let type) = value { MPRepeatType(type) } else {
                    (target as? MPChangeRepeatModeCommand)?.currentRepeatType ?? .off
                }
            return MPChangeRepeatModeCommandEvent(target, timestamp: timestamp, repeatType: type)
        case .shuffleType:
            let type: MPShuffleType =
                if case .shuffleType(let type) = value { MPShuffleType(type) } else {
                    (target as? MPChangeShuffleModeCommand)?.currentShuffleType ?? .off
                }
            return MPChangeShuffleModeCommandEvent(target, timestamp: timestamp, shuffleType: type)
        case .seek:
            let type: MPSeekCommandEventType = value == .seek(.end) ? .endSeeking : .beginSeeking
            return MPSeekCommandEvent(target, timestamp: timestamp, type: type)
        case .rating:
            let minimum = (target as? MPRatingCommand)?.minimumRating ?? 0
            return MPRatingCommandEvent(target, timestamp: timestamp, rating: value?.number.map(Float.init) ?? minimum)
        case .negative:
            return MPFeedbackCommandEvent(target, timestamp: timestamp, isNegative: value == .negative(true))
        case nil:
            return MPRemoteCommandEvent(target, timestamp: timestamp)
        }
    }

    /// A command's handler or enabled flag changed: the engine learns whether the app now handles it.
    func commandChanged(_ command: MPRemoteCommand, _ api: String) {
        guard let app else { return Diagnostics.outsideApp("MPRemoteCommand.\(api)") }
        let handles = command.isEnabled && !command.handlers.isEmpty
        let enabled = app.state?.enabledCommands.contains(command.command) ?? false
        guard handles != enabled else { return }
        app.call(
            handles ? .enableCommands([command.command]) : .disableCommands([command.command]),
            api: "MPRemoteCommandCenter.\(command.command)Command.\(api)")
    }
}
