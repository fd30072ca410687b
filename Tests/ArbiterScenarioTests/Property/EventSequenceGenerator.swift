import ArbiterEngine

/// Builds random event sequences over two to four apps with random declarations. It runs the events through an
/// engine as it goes and picks each next event from the state that engine is in (a call to answer, an accessory to
/// unplug, a player the app has), so most events are accepted; a few are out of place on purpose.
struct EventSequenceGenerator {
    var random: SeededRandom
    /// The profile of the sequence being built.
    var profile = Profile()
    /// The iOS release of the sequence being built: its apps use only what that release has.
    var ios = 17

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let appNames: [AppID] = ["Music", "Podcasts", "Maps", "Call", "Game"]

    /// A sequence of 5 to `maximumLength` events.
    mutating func sequence(maximumLength: Int = 60) -> EventSequence {
        sequence(length: Int.random(in: 5...max(5, maximumLength), using: &random))
    }

    mutating func sequence(length: Int) -> EventSequence {
        let setup = self.setup()
        var engine = (try? Engine(setup)) ?? (try! Engine())
        var steps: [EventSequence.Step] = []
        var time = Time.zero
        for _ in 0..<length {
            time = time + delay()
            let event = self.event(engine, apps: setup.apps)
            engine.handle(event, at: time)
            steps.append(EventSequence.Step(time: time, event: event))
        }
        return EventSequence(setup: setup, steps: steps)
    }

    // MARK: Setup

    mutating func setup() -> Setup {
        ios = random.pick([9, 10, 13, 16, 17, 18, 26])
        var profile = Profile(ios: ios)
        if random.chance(0.3) {
            profile.duckLevel = random.pick([0, 0.2, 0.5, 1])
            profile.duckRamp = .ms(random.pick([0, 100, 1500]))
            profile.endedWithoutNotify = random.chance(0.5)
            profile.mixableInterruptedBySystem = random.chance(0.5)
            profile.defaultToSpeakerOverridesHeadphones = random.chance(0.5)
            profile.callEndedShouldResume = random.chance(0.5)
            profile.ambientCanDuckOthers = random.chance(0.5)
            profile.micUnmuteEndsInterruption = random.chance(0.5)
            profile.lateEndWhenInterrupterLeaves = random.chance(0.5)
            profile.suspensionDeactivatesSession = random.chance(0.7)
            profile.idleBackgroundSuspension = random.pick([nil, .zero, .seconds(5), .seconds(30)])
        }
        self.profile = profile
        let count = Int.random(in: 2...4, using: &random)
        let apps = Array(Self.appNames.shuffled(using: &random).prefix(count)).map { app($0, profile: profile) }
        var device = DeviceConfig()
        device.ringer = random.chance(0.2) ? .silent : .ring
        device.locked = random.chance(0.2)
        device.accessories = random.some(
            [
                AccessorySpec(.wiredHeadphones), AccessorySpec(.bluetoothHeadset),
                AccessorySpec(.carPlay), AccessorySpec(.airPlaySpeaker),
            ], upTo: 2)
        device.foreground = random.chance(0.8) ? random.pick(apps).name : nil
        device.callStyle = random.chance(0.3) || ios < 14 ? .fullScreen : .banner
        return Setup(ios: ios, profile: profile, device: device, apps: apps)
    }

    mutating func app(_ name: AppID, profile: Profile) -> AppConfig {
        var config = AppConfig(name)
        config.backgroundModes = random.chance(0.7) ? [.audio] : []
        let (category, mode, options) = categorySetting(profile: profile)
        config.category = category
        config.mode = mode ?? .default
        config.options = options
        config.players = players()
        config.remoteCommands = random.some(
            [
                .play, .pause, .togglePlayPause, .nextTrack, .changePlaybackPosition,
                .changePlaybackRate, .changeRepeatMode,
            ], upTo: 4)
        let triggers: [ReactionTrigger] = [
            .interruptionBegan, .interruptionEnded, .oldDeviceUnavailable,
            .mediaServicesReset, .silenceSecondaryAudioBegan,
            .silenceSecondaryAudioEnded, .remote(.togglePlayPause),
        ]
        for trigger in random.some(triggers, upTo: 3) {
            config.reactions[trigger] = random.pick(Reaction.allCases)
        }
        return config
    }

    /// A category, mode and options iOS accepts (tries a few random ones, then falls back to playback).
    mutating func categorySetting(profile: Profile) -> (Category, Mode?, CategoryOptions) {
        for _ in 0..<8 {
            let category = random.weighted([
                (4, Category.playback), (2, .playAndRecord), (2, .ambient),
                (2, .soloAmbient), (1, .record), (1, .multiRoute),
            ])
            let mode: Mode? = random.chance(0.7) ? nil : random.pick(modes)
            let options = CategoryOptions(
                random.some(
                    [
                        CategoryOption.mixWithOthers, .duckOthers, .defaultToSpeaker,
                        .overrideMutedMicrophoneInterruption, .allowBluetoothHFP, .allowBluetoothA2DP,
                        .interruptSpokenAudioAndMixWithOthers,
                    ].filter { $0.introduced.isAvailable(on: ios) }, upTo: 2))
            if Engine.configurationError(
                category: category, mode: mode ?? .default, options: options,
                profile: profile) == nil
            {
                return (category, mode, options)
            }
        }
        return (.playback, nil, [])
    }

    /// The modes the sequence's release has.
    var modes: [Mode] { Mode.allCases.filter { $0.introduced.isAvailable(on: ios) } }

    mutating func players() -> [PlayerConfig] {
        var players: [PlayerConfig] = []
        for name in ["main", "video", "mic"].prefix(Int.random(in: 1...3, using: &random)) {
            let kind: PlayerKind =
                name == "mic" ? .recorder : random.pick(PlayerKind.allCases.filter { $0 != .recorder })
            var player = PlayerConfig(name: name, kind: kind)
            if random.chance(0.4) {
                player.items = (0..<Int.random(in: 1...3, using: &random)).map { index in
                    PlayerItem(title: "Item \(index)", duration: random.pick([0.5, 3, 30, 240]))
                }
            }
            player.showsVideo = random.chance(0.15)
            player.generatesPlaybackNotifications = random.chance(0.2)
            player.updatesNowPlayingInfoCenter = random.chance(0.8)
            players.append(player)
        }
        return players
    }

    // MARK: Events

    /// Mostly nothing (same instant) or a little; now and then long enough for items to end and ramps to finish.
    mutating func delay() -> Time {
        random.weighted([
            (4, .zero), (4, .ms(Int64.random(in: 1...900, using: &random))),
            (2, .seconds(Double(Int.random(in: 1...20, using: &random)))),
            (1, .seconds(Double(Int.random(in: 60...600, using: &random)))),
        ])
    }

    mutating func event(_ engine: Engine, apps: [AppConfig]) -> Event {
        switch random.weighted([(12, 0), (2, 1), (2, 2), (1, 3)]) {
        case 0:
            let config = random.pick(apps)
            return .app(config.name, appAction(config, engine.app(config.name), ios: engine.ios))
        case 1: return .device(deviceAction(engine))
        case 2: return .system(systemAction(engine))
        default: return .advance
        }
    }

    mutating func appAction(_ config: AppConfig, _ app: App?, ios: Int = 17) -> AppAction {
        let playing = app?.isPlaying ?? false
        let lifecycle = app?.lifecycle ?? .background
        let hasRecorder = config.players.contains { $0.kind == .recorder }
        let verb = random.weighted([
            (3, "setCategory"), (1, "setMode"), (4, "activate"), (2, "deactivate"), (playing ? 2 : 5, "play"),
            (playing ? 4 : 1, "pause"), (1, "stop"), (hasRecorder ? 2 : 0, "record"), (1, "stopRecording"),
            (lifecycle == .foreground ? 0 : 3, "foreground"), (lifecycle == .foreground ? 3 : 1, "background"),
            (lifecycle == .terminated ? 0 : 1, "terminate"), (lifecycle == .terminated ? 3 : 0, "launch"),
            (1, "overrideOutput"), (1, "preferInput"), (1, "nowPlayingInfo"), (1, "enableCommands"),
            (1, "disableCommands"), (1, "seek"), (1, "nextTrack"), (1, "showVideo"),
            (ios >= 17 ? 1 : 0, "setPrefersInterruptionOnRouteDisconnect"),
            (ios >= 14 ? 1 : 0, "setPrefersNoInterruptionsFromSystemAlerts"),
        ])
        let player: String? = random.chance(0.5) ? nil : random.pick(config.players).name
        let commands: [RemoteCommand] = [.play, .pause, .togglePlayPause, .nextTrack]
        switch verb {
        case "setCategory":
            let (category, mode, options) = categorySetting(profile: profile)
            return .setCategory(category, mode: mode, options: options)
        case "setMode": return .setMode(random.pick(modes))
        case "activate": return .activate
        case "deactivate": return .deactivate(notifyOthers: random.chance(0.5))
        case "play": return .play(player: player)
        case "pause": return .pause(player: player)
        case "stop": return .stop(player: player)
        case "record": return .record
        case "stopRecording": return .stopRecording
        case "foreground": return .foreground
        case "background": return .background
        case "terminate": return .terminate
        case "launch": return .launch
        case "overrideOutput": return .overrideOutput(speaker: random.chance(0.5))
        case "preferInput": return .preferInput(random.pick([nil, .builtInMic, .headsetMic, .bluetoothHFP]))
        case "nowPlayingInfo":
            if random.chance(0.2) { return .nowPlayingInfo(nil) }
            return .nowPlayingInfo(
                NowPlayingInfo(
                    title: "Song", duration: 200,
                    elapsed: Double(Int.random(in: 0...200, using: &random)),
                    rate: random.pick([0, 1])))
        case "enableCommands": return .enableCommands(random.some(commands, upTo: 2))
        case "disableCommands": return .disableCommands(random.some(commands, upTo: 2))
        case "seek": return .seek(player: player, to: Double(Int.random(in: 0...100, using: &random)))
        case "nextTrack": return .nextTrack(player: player)
        case "setPrefersInterruptionOnRouteDisconnect":
            return .setPrefersInterruptionOnRouteDisconnect(random.chance(0.5))
        case "setPrefersNoInterruptionsFromSystemAlerts":
            return .setPrefersNoInterruptionsFromSystemAlerts(random.chance(0.5))
        default: return .showVideo(player: player, random.chance(0.5))
        }
    }

    mutating func deviceAction(_ engine: Engine) -> DeviceAction {
        let connected = engine.device.accessories
        let locked = engine.device.isLocked
        switch random.weighted([
            (2, "connect"), (connected.isEmpty ? 0 : 3, "disconnect"), (locked ? 0 : 1, "lock"),
            (locked ? 2 : 0, "unlock"), (1, "ringer"), (1, "builtInMic"), (1, "wake"),
        ]) {
        case "connect":
            return .connect(
                AccessorySpec(
                    random.pick([
                        .wiredHeadphones, .wiredHeadset, .bluetoothHeadphones,
                        .bluetoothHeadset, .carPlay, .airPlaySpeaker, .usbInterface,
                        .hdmi, .lineOut,
                    ])))
        case "disconnect":
            let accessory = random.pick(connected)
            return .disconnect(AccessorySpec(accessory.kind, name: accessory.name))
        case "lock": return .lock
        case "unlock": return .unlock
        case "builtInMic": return .builtInMic(muted: !engine.device.builtInMicMuted)
        case "wake": return .wake
        default: return .ringer(random.chance(0.5) ? .silent : .ring)
        }
    }

    mutating func systemAction(_ engine: Engine) -> SystemAction {
        let call = engine.device.call
        let siri = engine.device.isSiriActive
        let alarm = engine.device.isAlarmActive
        let lost = engine.device.mediaServicesLost
        let action: SystemAction? = random.weighted([
            (call == nil ? 3 : 0, .incomingCall), (call == .ringing ? 3 : 0, .answerCall),
            (call == .ringing ? 2 : 0, .declineCall), (call == .active ? 3 : 0, .endCall),
            (siri ? 0 : 1, .siriBegin), (siri ? 3 : 0, .siriEnd), (alarm ? 0 : 1, .alarmBegin),
            (alarm ? 3 : 0, .alarmEnd), (lost ? 0 : 1, .mediaServicesLost), (lost ? 3 : 1, .mediaServicesReset),
            (2, nil),
        ])
        if let action { return action }
        let command = random.pick([
            RemoteCommand.play, .pause, .togglePlayPause, .nextTrack, .changePlaybackPosition,
            .changePlaybackRate, .changeRepeatMode, .seekForward, .like,
        ])
        // A command that carries a value sends one most of the time, and the SDK's default otherwise.
        guard let kind = command.valueKind, random.chance(0.8) else { return .remote(command) }
        let value: RemoteValue =
            switch kind {
            case .position: .position(12)
            case .rate: .rate(random.pick([0.5, 1.5, 2]))
            case .repeatType: .repeatType(random.pick(RepeatType.allCases))
            case .seek: .seek(random.pick(SeekPhase.allCases))
            case .negative: .negative(random.chance(0.5))
            case .interval: .interval(15)
            case .shuffleType: .shuffleType(random.pick(ShuffleType.allCases))
            case .rating: .rating(3)
            }
        return .remote(command, value: value)
    }
}
