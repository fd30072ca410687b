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
        [playCommand, pauseCommand, stopCommand, togglePlayPauseCommand, nextTrackCommand, previousTrackCommand,
         changeRepeatModeCommand, changeShuffleModeCommand, changePlaybackRateCommand, seekBackwardCommand,
         seekForwardCommand, skipBackwardCommand, skipForwardCommand, changePlaybackPositionCommand, ratingCommand,
         likeCommand, dislikeCommand, bookmarkCommand, enableLanguageOptionCommand, disableLanguageOptionCommand]
    }

    /// A command's handlers run with the event for what was sent, at `time`; returns their statuses.
    func dispatch(_ command: RemoteCommand, value: RemoteValue?, at time: Time) -> [MPRemoteCommandHandlerStatus] {
        guard let target = commands.first(where: { $0.command == command }), target.isEnabled else { return [] }
        if command == .enableLanguageOption || command == .disableLanguageOption {
            Diagnostics.unmodelled("MPChangeLanguageOptionCommandEvent (MPRemoteCommandCenter.\(command)Command; its "
                + "handlers get a plain MPRemoteCommandEvent)", app: app)
        }
        let event = event(for: target, value: value, timestamp: time.seconds)
        return target.handlers.map { $0.handler(event) }
    }

    /// The event `target`'s handlers get: the value sent, or the SDK's default when none was.
    private func event(for target: MPRemoteCommand, value: RemoteValue?, timestamp: TimeInterval)
        -> MPRemoteCommandEvent {
        switch target {
        case is MPChangePlaybackPositionCommand:
            return MPChangePlaybackPositionCommandEvent(target, timestamp: timestamp, positionTime: value?.number ?? 0)
        case let skip as MPSkipIntervalCommand:
            return MPSkipIntervalCommandEvent(target, timestamp: timestamp,
                                              interval: value?.number ?? skip.preferredIntervals.first?.doubleValue ?? 15)
        case let rate as MPChangePlaybackRateCommand:
            let chosen = value?.number ?? rate.supportedPlaybackRates.first?.doubleValue ?? 1
            return MPChangePlaybackRateCommandEvent(target, timestamp: timestamp, playbackRate: Float(chosen))
        case let repeatMode as MPChangeRepeatModeCommand:
            guard case .repeatType(let type) = value else {
                return MPChangeRepeatModeCommandEvent(target, timestamp: timestamp,
                                                      repeatType: repeatMode.currentRepeatType)
            }
            return MPChangeRepeatModeCommandEvent(target, timestamp: timestamp, repeatType: MPRepeatType(type))
        case let shuffle as MPChangeShuffleModeCommand:
            guard case .shuffleType(let type) = value else {
                return MPChangeShuffleModeCommandEvent(target, timestamp: timestamp,
                                                       shuffleType: shuffle.currentShuffleType)
            }
            return MPChangeShuffleModeCommandEvent(target, timestamp: timestamp, shuffleType: MPShuffleType(type))
        case let rating as MPRatingCommand:
            return MPRatingCommandEvent(target, timestamp: timestamp,
                                        rating: value?.number.map(Float.init) ?? rating.minimumRating)
        case is MPFeedbackCommand:
            guard case .negative(let negative) = value else {
                return MPFeedbackCommandEvent(target, timestamp: timestamp, isNegative: false)
            }
            return MPFeedbackCommandEvent(target, timestamp: timestamp, isNegative: negative)
        default:
            guard target.command == .seekForward || target.command == .seekBackward else {
                return MPRemoteCommandEvent(target, timestamp: timestamp)
            }
            let type: MPSeekCommandEventType = value == .seek(.end) ? .endSeeking : .beginSeeking
            return MPSeekCommandEvent(target, timestamp: timestamp, type: type)
        }
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
