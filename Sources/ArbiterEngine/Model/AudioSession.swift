/// One app's audio session: its configuration and whether it is active or interrupted.
public struct AudioSession: Hashable, Sendable {
    public var category: Category = .soloAmbient { didSet { deriveEffectiveOptions() } }
    /// The mode the app asked for; see `effectiveMode`.
    public var mode: Mode = .default { didSet { deriveEffectiveOptions() } }
    /// The options the app set (after validation); see `effectiveOptions`.
    public var options: CategoryOptions = [] { didSet { deriveEffectiveOptions() } }
    /// The options in effect: those set, those the mode implies, and mixWithOthers where ambient, duckOthers or
    /// interruptSpokenAudioAndMixWithOthers imply it. Kept whenever the category, mode or options change, since the
    /// rules ask for it on nearly every event.
    public private(set) var effectiveOptions = AudioSession.effectiveOptions(.soloAmbient, .default, [])
    public var isActive = false
    /// The interruption in force, if any. An interrupted session is never active.
    public var interruption: Interruption? { didSet { isInterrupted = interruption != nil } }
    /// Whether an interruption is in force: kept as `interruption` changes, since it is asked of every app that
    /// changed, at every event (reading the optional itself copies the interruption).
    public private(set) var isInterrupted = false
    /// Increases with every activation across the device, so "most recent" can be decided.
    public var activationSerial = 0
    /// `overrideOutputAudioPort(.speaker)` in force (until the next route change or interruption).
    public var overridesToSpeaker = false
    /// `setPreferredInput`: the input port type asked for, if any.
    public var preferredInput: PortType?
    /// `setPrefersInterruptionOnRouteDisconnect` (iOS 17+): whether the session, when Now Playing, is interrupted
    /// (reason routeDisconnected) when its output accessory goes away. Default true.
    public var prefersInterruptionOnRouteDisconnect = true
    /// Voice processing on for the app's audio I/O: an active playAndRecord session with it on ducks other apps
    /// (`ducking.voice-processing-ducks-others`). Default false.
    public var voiceProcessing = false

    /// `setPrefersNoInterruptionsFromSystemAlerts` (iOS 14.5+): with a Banner-style incoming call, the session is
    /// not interrupted while the call rings, only when it is answered. Default false.
    public var prefersNoInterruptionsFromSystemAlerts = false

    public init() {}

    /// The mode in effect: `default` when the category does not support the one asked for.
    public var effectiveMode: Mode {
        mode.isValid(for: category) ? mode : .default
    }

    private mutating func deriveEffectiveOptions() {
        effectiveOptions = AudioSession.effectiveOptions(category, mode, options)
    }

    private static func effectiveOptions(
        _ category: Category, _ mode: Mode,
        _ options: CategoryOptions
    ) -> CategoryOptions {
        var implied = (mode.isValid(for: category) ? mode : .default).impliedOptions
        if category != .playAndRecord { implied.remove(.defaultToSpeaker) }
        var result = options.union(implied)
        if category.traits.mixableByDefault || result.contains(.duckOthers)
            || result.contains(.interruptSpokenAudioAndMixWithOthers)
        {
            result.insert(.mixWithOthers)
        }
        return result
    }

    /// Whether the session mixes with others (and so neither interrupts nor is interrupted by apps).
    public var isMixable: Bool { effectiveOptions.contains(.mixWithOthers) }

    /// Whether activating it ducks every other session: duckOthers, or voice processing on a playAndRecord session.
    public var ducksOthers: Bool {
        effectiveOptions.contains(.duckOthers) || (voiceProcessing && category == .playAndRecord)
    }
}
