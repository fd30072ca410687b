import ArbiterAndroid
import ArbiterEngine

/// What an Android policy test asserts: who holds focus, the stack, and every app's focus, players and volume, named
/// like the Android scenario format's `expect:` keys. A step's expected change is written on a copy of the previous
/// state: `{ $0.apps["Music"]?.focus = .lossTransient }`.
public struct FocusState: Equatable, Sendable {
    /// Who holds focus (the top of the stack; the car's most recent holder): an app's name, `call`, `assistant`,
    /// `alarm`, or nil.
    public var focus: String?
    /// The phone's stack, top first (the car: the holders, then the losers that wait).
    public var stack: [String]
    /// The apps by name.
    public var apps: [AppID: App]
    /// Whether a notification sound asking to play now would play.
    public var notificationSoundPlays: Bool

    /// The state of `engine` now.
    public init(_ engine: AndroidEngine) {
        focus = engine.focusOwner?.description
        stack = engine.stack.map(\.description)
        notificationSoundPlays = engine.notificationSoundPlays
        var apps: [AppID: App] = [:]
        for id in engine.apps {
            if let state = engine.state(of: id), let declared = engine.setup.apps.first(where: { $0.name == id }) {
                apps[id] = App(state, firstPlayer: declared.players.first?.name)
            }
        }
        self.apps = apps
    }

    /// One app, as the format's app checks name it.
    public struct App: Equatable, Sendable {
        public var focus: FocusStatus
        /// The last request's result.
        public var request: FocusRequestResult?
        /// A player is started.
        public var playing: Bool
        /// The first player's volume (its own × duck × fade × mute), rounded to 3 decimals.
        public var volume: Double
        public var ducked: Bool
        public var faded: Bool
        public var muted: Bool
        public var players: [String: AndroidPlayerState]

        init(_ state: AndroidAppState, firstPlayer: String?) {
            focus = state.focus
            request = state.lastRequest
            playing = state.players.values.contains(.started)
            volume = ((firstPlayer.flatMap { state.volumes[$0] } ?? 1) * 1000).rounded() / 1000
            ducked = state.ducked
            faded = state.faded
            muted = state.muted
            players = state.players
        }
    }
}
