import ArbiterEngine

/// A synthetic but realistic device: `appCount` apps of the kinds people run side by side, and a seeded stream
/// of the events they and the device produce, 10 ms apart.
///
/// The app kinds (in turn): a music app (playback, audio background mode, non-mixable), a podcast app
/// (playback, spokenAudio), a navigation app (playback, mixes and ducks others), two games (ambient), a
/// soloAmbient app, and a call app (playAndRecord, voiceChat). The events: mostly apps activating, playing,
/// pausing, deactivating, seeking and coming to the foreground; now and then the screen locks, headphones come
/// and go, a call or Siri interrupts, or a remote command arrives. Same seed, same events.
public struct SyntheticWorkload: Sendable {
    public let setup: Setup
    public let events: [(time: Time, event: Event)]

    public init(appCount: Int, eventCount: Int, seed: UInt64 = 1) {
        let apps = (0..<appCount).map(SyntheticWorkload.app)
        setup = Setup(ios: 17, device: DeviceConfig(accessories: []), apps: apps)
        var random = SplitMix64(seed: seed)
        var generator = EventGenerator(apps: apps.map(\.name), foreground: apps[0].name)
        events = (0..<eventCount).map { index in
            (Time.ms(Int64(index + 1) * 10), generator.next(&random))
        }
    }

    static let kinds: [(prefix: String, config: @Sendable (AppID) -> AppConfig)] = [
        (
            "Music",
            {
                AppConfig(
                    $0, backgroundModes: [.audio], category: .playback,
                    remoteCommands: [.play, .pause, .togglePlayPause, .nextTrack])
            }
        ),
        (
            "Podcast",
            {
                AppConfig(
                    $0, backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                    remoteCommands: [.play, .pause, .skipForward])
            }
        ),
        (
            "Maps",
            {
                AppConfig(
                    $0, backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
                    options: [.mixWithOthers, .duckOthers])
            }
        ),
        ("Game", { AppConfig($0, category: .ambient) }),
        ("Puzzle", { AppConfig($0, category: .ambient) }),
        ("Notes", { AppConfig($0, category: .soloAmbient) }),
        ("Call", { AppConfig($0, backgroundModes: [.audio, .voip], category: .playAndRecord, mode: .voiceChat) }),
    ]

    static func app(_ index: Int) -> AppConfig {
        let kind = kinds[index % kinds.count]
        return kind.config(AppID("\(kind.prefix)\(index)"))
    }
}

/// Picks the next event from a fixed mix: half of the apps' own events come from the foreground app, the rest from
/// any app; device-wide events (calls, Siri, headphones, lock) come in their natural pairs.
struct EventGenerator {
    let apps: [AppID]
    var foreground: AppID
    var locked = false
    var headphones = false
    var call = CallPhase.none
    var siri = false

    mutating func next(_ random: inout SplitMix64) -> Event {
        let roll = random.next(1000)
        // People mostly use the app in front of them; the others hear about it now and then.
        let app = random.next(2) == 0 ? foreground : apps[random.next(apps.count)]
        switch roll {
        case 0..<180: return .app(app, .activate)
        case 180..<430: return .app(app, .play())
        case 430..<570: return .app(app, .pause())
        case 570..<650: return .app(app, .deactivate(notifyOthers: random.next(2) == 0))
        case 650..<720:
            foreground = app
            return .app(app, .foreground)
        case 720..<760: return .app(app, .background)
        case 760..<810: return .app(app, .seek(to: Double(random.next(120))))
        case 810..<840: return .app(app, .nowPlayingInfo(NowPlayingInfo(title: "Track", duration: 180, elapsed: 0)))
        case 840..<900: return .advance
        case 900..<930:
            locked.toggle()
            return .device(locked ? .lock : .unlock)
        case 930..<950:
            headphones.toggle()
            let spec = AccessorySpec(.wiredHeadphones)
            return .device(headphones ? .connect(spec) : .disconnect(spec))
        case 950..<965:
            switch call {
            case .none:
                call = .ringing
                return .system(.incomingCall)
            case .ringing:
                let answered = random.next(2) == 0
                call = answered ? .active : .none
                return .system(answered ? .answerCall : .declineCall)
            case .active:
                call = .none
                return .system(.endCall)
            }
        case 965..<975:
            siri.toggle()
            return .system(siri ? .siriBegin : .siriEnd)
        default:
            let commands: [RemoteCommand] = [.play, .pause, .togglePlayPause, .nextTrack, .skipForward]
            return .system(.remote(commands[random.next(commands.count)]))
        }
    }
}

enum CallPhase { case none, ringing, active }

/// A small, fast, seeded generator (SplitMix64): the same seed gives the same numbers on every platform.
public struct SplitMix64: Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
