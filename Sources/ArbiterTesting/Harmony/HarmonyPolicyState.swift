import ArbiterEngine
import ArbiterHarmony

/// What a HarmonyOS policy test asserts: the focus list, and every app's streams and AudioSession, named like the
/// HarmonyOS scenario format's `expect:` keys. A step's expected change is written on a copy of the previous state:
/// `{ $0.streams["Music.player"]?.focus = .duck }`.
public struct HarmonyPolicyState: Equatable, Sendable {
    /// The focus list, `App.stream state` an entry, in arrival order.
    public var focusList: [String]
    /// Every app's streams (the system's own too), by `App.stream`.
    public var streams: [String: Stream]
    /// Every app's AudioSession strategy while active, by app name (an inactive session is absent).
    public var sessions: [String: ConcurrencyMode]

    /// The state of `engine` now.
    public init(_ engine: HarmonyEngine) {
        focusList = engine.focusList.map(\.description)
        var streams: [String: Stream] = [:]
        var sessions: [String: ConcurrencyMode] = [:]
        for app in engine.setup.apps + HarmonyEngine.systemApps {
            if let session = engine.session(of: app.name) { sessions[app.name.name] = session }
            for stream in app.streams {
                guard let status = engine.stream(StreamOwner(app.name, stream.name)) else { continue }
                streams["\(app.name).\(stream.name)"] = Stream(status)
            }
        }
        self.streams = streams
        self.sessions = sessions
    }

    /// One stream, as the format's stream checks name it.
    public struct Stream: Equatable, Sendable {
        public var state: StreamState
        /// The volume the system applies (the duck factor while ducked), rounded to 3 decimals.
        public var volume: Double
        /// Its focus entry's state; nil when it has none.
        public var focus: FocusEntryState?
        public var interruptMode: InterruptMode
        /// In silent mode (`setSilentMode`, harmonyos §10).
        public var silent: Bool
        /// The app's own volume for the stream (`setVolume`), rounded to 3 decimals.
        public var appVolume: Double

        init(_ status: StreamStatus) {
            state = status.state
            volume = (status.volume * 1000).rounded() / 1000
            focus = status.focus
            interruptMode = status.interruptMode
            silent = status.silent
            appVolume = (status.appVolume * 1000).rounded() / 1000
        }
    }
}
