import ArbiterEngine

/// The choices where HarmonyOS releases differ or the sources leave it open (reference §12, §15).
public struct HarmonyProfile: Hashable, Sendable {
    /// Which default focus table (§3): OpenHarmony 5.0.0-Release's (API 12 and 13: a system tone or DTMF that plays
    /// is stopped by almost any stream that starts), 6.0-Release's (API 20, also API 14 to 18 for playback), or
    /// master's after 6.0 (an alarm ducks media that starts over it instead of being stopped; media started during a
    /// call mixes instead of being ducked).
    public var focusTable: FocusTableVersion = .openHarmony6
    /// Whether a paused entry still counts when another stream starts (API 14 and later; API 12 skipped it, §4.1).
    public var pausedStreamsParticipate: Bool = true
    /// How a stream in silent mode (`setSilentModeAndMixWithOthers(true)`, AVPlayer `setMediaMuted`) takes focus
    /// (§10): none at all up to API 15, an entry that mixes with everything from API 18.
    public var silentModel: SilentModel = .silentStrategy
    /// Whether a renderer started at volume 0 (set before it started, never raised since) asks for focus as if in
    /// silent mode, and asks again by the table once its volume is raised while it runs (§10: API 20 and master;
    /// read from the source, not in the docs read).
    public var zeroVolumeIsSilent: Bool = true
    /// The duck factor (§5.3: 0.2).
    public var duckFactor: Double = 0.2
    /// How long an active AudioSession with no stream keeps its focus before it times out (§9.2: 60 s).
    public var sessionTimeout: Time = .seconds(60)
    /// How long an active scene session with no stream keeps its focus while its app is in the background before it
    /// times out (§9.4: 10 s, AS `AUDIO_SESSION_SCENE_TIME_OUT_DURATION_S`).
    public var sceneSessionTimeout: Time = .seconds(10)

    public init() {}

    /// The defaults for API level `api` (§12).
    public init(api: Int) {
        self.init()
        focusTable = api >= 14 ? .openHarmony6 : .openHarmony500
        pausedStreamsParticipate = api >= 14
        silentModel = api >= 18 ? .silentStrategy : .noFocus
        zeroVolumeIsSilent = api >= 20
    }

    /// Every choice with its value as text, in a fixed order.
    public var tunables: [(name: String, value: String)] {
        [
            ("focusTable", focusTable.rawValue), ("pausedStreamsParticipate", String(pausedStreamsParticipate)),
            ("silentModel", silentModel.rawValue), ("zeroVolumeIsSilent", String(zeroVolumeIsSilent)),
            ("duckFactor", Profile.text(duckFactor)),
            ("sessionTimeout", sessionTimeout.description), ("sceneSessionTimeout", sceneSessionTimeout.description),
        ]
    }
}

/// The focus tables the engine knows (§3.3).
public enum FocusTableVersion: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// OpenHarmony 5.0.0-Release (API 12; API 13 has no branch and takes it too).
    case openHarmony500 = "5.0.0"
    /// OpenHarmony 6.0-Release (API 20); API 14 to 18 have the same playback cells.
    case openHarmony6 = "6.0"
    /// OpenHarmony master after 6.0 (2025-11-13).
    case master
    public var description: String { rawValue }
}

/// How a silent stream takes focus (§10).
public enum SilentModel: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// API 12 to 15: a silent stream requests no focus; start() skips the request, turning silence off while running
    /// requests it, turning it on while running releases it.
    case noFocus
    /// API 18 and later: a silent stream holds an entry with strategy SILENT that mixes with everything both ways;
    /// turning silence on or off while running requests focus again with the new strategy.
    case silentStrategy
    public var description: String { rawValue }
}

/// What a HarmonyOS engine starts from.
public struct HarmonySetup: Hashable, Sendable {
    /// The API levels modelled: 12 (HarmonyOS NEXT 5.0) to 20 (6.0).
    public static let apiLevels = 12...20
    /// The API level (12 = HarmonyOS NEXT 5.0, 20 = 6.0). Default 20.
    public var api: Int
    public var profile: HarmonyProfile
    public var apps: [HarmonyAppConfig]
    /// The app in the foreground at the start (nil: the first declared); the others are in the background (only a
    /// scene session's timeout depends on it, §9.4).
    public var foreground: AppID?

    public init(api: Int = 20, profile: HarmonyProfile? = nil, apps: [HarmonyAppConfig], foreground: AppID? = nil) {
        self.api = api
        self.profile = profile ?? HarmonyProfile(api: api)
        self.apps = apps
        self.foreground = foreground
    }
}
