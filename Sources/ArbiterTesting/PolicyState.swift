import ArbiterEngine

/// What a policy test asserts: every app's session and players, the route, Now Playing and the device, as
/// plain values named like the scenario format's `expect:` keys. A step's expected change is written on a
/// copy of the previous state: `{ $0.apps["Music"].interrupted = true }`.
public struct PolicyState: Equatable, Sendable {
    /// The apps, in declaration order.
    public var apps: Apps
    /// The current route's output and input port types.
    public var route: Route
    /// The app the lock screen shows; nil when nothing is Now Playing.
    public var nowPlaying: AppID?
    public var device: Device

    public init(apps: Apps, route: Route, nowPlaying: AppID?, device: Device) {
        self.apps = apps
        self.route = route
        self.nowPlaying = nowPlaying
        self.device = device
    }

    /// The state of `engine` at `time` (gains are read on their ramps at that time).
    public init(_ engine: Engine, at time: Time) {
        var apps = Apps()
        for app in engine.apps { apps[app.id] = App(engine, app, at: time) }
        self.apps = apps
        let route = engine.currentRoute
        self.route = Route(outputs: route.outputs.map(\.type), inputs: route.inputs.map(\.type))
        nowPlaying = engine.nowPlaying
        device = Device(engine.device)
    }
}

extension PolicyState {
    /// One app, as the scenario format's app checks name it.
    public struct App: Equatable, Sendable {
        /// foreground, background, suspended, notRunning.
        public var state: AppLifecycle
        public var category: Category
        /// The mode in effect (a mode the category does not allow behaves as `default`).
        public var mode: Mode
        /// The options in effect.
        public var options: CategoryOptions
        public var active: Bool
        public var interrupted: Bool
        /// Any output player running.
        public var playing: Bool
        public var recording: Bool
        /// Heard right now (not silenced by the Silent switch, the lock, or an interruption).
        public var audible: Bool
        /// The gain at the store's time, rounded to 3 decimals (1 is full; ducking lowers it along a ramp).
        public var gain: Double
        public var ducked: Bool
        public var mixable: Bool
        /// Each player's state, by player name (the recorder iOS implies appears once the app records).
        public var players: [String: PlayerState]
        /// `isOtherAudioPlaying` as this app would read it.
        public var otherAudioPlaying: Bool
        /// `secondaryAudioShouldBeSilencedHint` as this app would read it.
        public var secondaryAudioShouldBeSilenced: Bool

        public init(
            state: AppLifecycle = .background, category: Category = .soloAmbient, mode: Mode = .default,
            options: CategoryOptions = [], active: Bool = false, interrupted: Bool = false, playing: Bool = false,
            recording: Bool = false, audible: Bool = false, gain: Double = 1, ducked: Bool = false,
            mixable: Bool = false, players: [String: PlayerState] = [:], otherAudioPlaying: Bool = false,
            secondaryAudioShouldBeSilenced: Bool = false
        ) {
            self.state = state
            self.category = category
            self.mode = mode
            self.options = options
            self.active = active
            self.interrupted = interrupted
            self.playing = playing
            self.recording = recording
            self.audible = audible
            self.gain = gain
            self.ducked = ducked
            self.mixable = mixable
            self.players = players
            self.otherAudioPlaying = otherAudioPlaying
            self.secondaryAudioShouldBeSilenced = secondaryAudioShouldBeSilenced
        }

        init(_ engine: Engine, _ app: ArbiterEngine.App, at time: Time) {
            let session = app.session
            self.init(
                state: app.lifecycle, category: session.category, mode: session.effectiveMode,
                options: session.effectiveOptions, active: session.isActive, interrupted: session.isInterrupted,
                playing: app.isPlaying, recording: app.isRecording,
                audible: engine.audibility(of: app.id)?.isAudible ?? false,
                gain: ((engine.gain(of: app.id, at: time) ?? 1) * 1000).rounded() / 1000,
                ducked: engine.isDucked(app.id), mixable: session.isMixable,
                // A systemMusicPlayer reads as the Music app's player, as the app sees it.
                players: Dictionary(
                    app.players.map { ($0.name, engine.player($0.name, of: app.id)?.state ?? $0.state) },
                    uniquingKeysWith: { first, _ in first }),
                otherAudioPlaying: engine.isOtherAudioPlaying(for: app.id),
                secondaryAudioShouldBeSilenced: engine.secondaryAudioShouldBeSilencedHint(for: app.id))
        }
    }

    /// The current route, by port type.
    public struct Route: Equatable, Sendable {
        public var outputs: [PortType]
        public var inputs: [PortType]

        public init(outputs: [PortType], inputs: [PortType] = []) {
            self.outputs = outputs
            self.inputs = inputs
        }
    }

    /// The device: the Silent switch, the lock, the foreground app, the system's own audio, the accessories.
    public struct Device: Equatable, Sendable {
        public var ringer: RingerSwitch
        public var locked: Bool
        public var foreground: AppID?
        /// The phone call, ringing or active, if any.
        public var call: CallState?
        public var siri: Bool
        public var alarm: Bool
        /// Connected accessories, in connection order.
        public var accessories: [AccessorySpec]
        public var mediaServicesLost: Bool

        public init(
            ringer: RingerSwitch = .ring, locked: Bool = false, foreground: AppID? = nil, call: CallState? = nil,
            siri: Bool = false, alarm: Bool = false, accessories: [AccessorySpec] = [],
            mediaServicesLost: Bool = false
        ) {
            self.ringer = ringer
            self.locked = locked
            self.foreground = foreground
            self.call = call
            self.siri = siri
            self.alarm = alarm
            self.accessories = accessories
            self.mediaServicesLost = mediaServicesLost
        }

        init(_ device: DeviceState) {
            self.init(
                ringer: device.ringer, locked: device.isLocked, foreground: device.foreground, call: device.call,
                siri: device.isSiriActive, alarm: device.isAlarmActive,
                accessories: device.accessories.map { AccessorySpec($0.kind, name: $0.name) },
                mediaServicesLost: device.mediaServicesLost)
        }
    }
}
