import ArbiterEngine

/// xorshift64*: a soak reproduces from its seed.
public struct SoakRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

    public mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// What a round's apps and accessories are, and what their apps do: the kinds of app a phone has (a music
/// player, a mixable game, a navigation app that ducks others, a voice call that records), and accessories
/// whose nodes have distinct names.
enum SoakPlan {
    /// Accessories a round may start with; each can be unplugged and plugged back from outside.
    static let accessories: [AccessorySpec] = [
        AccessorySpec(.wiredHeadphones), AccessorySpec(.bluetoothHeadset),
        AccessorySpec(.usbInterface), AccessorySpec(.hdmi),
        AccessorySpec(.airPlaySpeaker),
    ]

    /// App `index` of a round: its kind comes from the generator.
    static func app(_ index: Int, using random: inout SoakRandom) -> AppConfig {
        let name = AppID("App\(index)")
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return AppConfig(name, backgroundModes: [.audio], category: .playback)
        case 1: return AppConfig(name, backgroundModes: [.audio], category: .playback, options: [.mixWithOthers])
        case 2:
            return AppConfig(
                name, backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
                options: [.mixWithOthers, .duckOthers])
        case 3: return AppConfig(name, category: .ambient)
        default: return AppConfig(name, backgroundModes: [.audio, .voip], category: .playAndRecord, mode: .voiceChat)
        }
    }

    /// A round's setup: `count` apps, the first in the foreground, and up to two accessories plugged in.
    static func setup(apps count: Int, using random: inout SoakRandom) -> Setup {
        let apps = (1...count).map { app($0, using: &random) }
        let plugged = Array(accessories.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
        return Setup(device: DeviceConfig(foreground: apps[0].name, accessories: plugged), apps: apps)
    }

    /// How many streams a stage makes for `apps`: one per player, and one for the recorder the engine implies.
    static func streams(of apps: [AppConfig]) -> Int {
        apps.reduce(0) { $0 + $1.players.count + ($1.players.contains { $0.kind.isRecorder } ? 0 : 1) }
    }

    /// What an app's code does next.
    static func appAction(for app: AppConfig, using random: inout SoakRandom) -> AppAction {
        let records = app.category == .playAndRecord
        let actions: [AppAction] =
            [.activate, .play(), .play(), .pause(), .stop(), .deactivate(notifyOthers: true)]
            + (records ? [.record, .stopRecording] : [])
        return random.pick(actions)
    }
}
