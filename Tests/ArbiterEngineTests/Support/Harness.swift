import Testing

@testable import ArbiterEngine

/// Drives an engine step by step, checking the invariants after every event.
struct Harness {
    var engine: Engine
    var time: Time = .zero
    /// Every notification delivered since the last call to `takeNotifications()`.
    var pending: [SessionNotification] = []
    var last: Outcome?

    init(
        _ apps: [AppConfig], profile: Profile? = nil, device: DeviceConfig = DeviceConfig(),
        ios: Int = 17
    ) throws {
        engine = try Engine(Setup(ios: ios, profile: profile, device: device, apps: apps))
    }

    @discardableResult
    mutating func send(
        _ event: Event, after delay: Time = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        time = time + delay
        let outcome = engine.handle(event, at: time)
        #expect(engine.invariantViolations() == [], "after \(event)", sourceLocation: sourceLocation)
        pending += outcome.notifications
        last = outcome
        return outcome
    }

    @discardableResult
    mutating func app(
        _ id: AppID, _ action: AppAction, after delay: Time = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        send(.app(id, action), after: delay, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func system(
        _ action: SystemAction, after delay: Time = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        send(.system(action), after: delay, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func device(
        _ action: DeviceAction, after delay: Time = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        send(.device(action), after: delay, sourceLocation: sourceLocation)
    }

    /// The notifications delivered since the last time this was called, as (app, kind) pairs.
    mutating func takeNotifications() -> [Delivered] {
        defer { pending = [] }
        return pending.map { Delivered(app: $0.app, kind: $0.kind) }
    }

    func session(_ id: AppID) -> AudioSession { engine.app(id)!.session }
    func appState(_ id: AppID) -> App { engine.app(id)! }
    func audible(_ id: AppID) -> Bool { engine.audibility(of: id)!.isAudible }
    func playing(_ id: AppID) -> Bool { engine.app(id)!.isPlaying }
    func gain(_ id: AppID) -> Double { engine.gain(of: id, at: time)! }
    func gain(_ id: AppID, at time: Time) -> Double { engine.gain(of: id, at: time)! }
}

/// A notification without its rule, for comparing lists.
struct Delivered: Hashable, CustomStringConvertible {
    var app: AppID
    var kind: NotificationKind
    var description: String { "\(app): \(kind)" }
}

/// Apps that appear throughout the tests.
enum Apps {
    /// A music app: playback, background audio.
    static let music = AppConfig(
        "Music", backgroundModes: [.audio], category: .playback,
        remoteCommands: [.play, .pause, .togglePlayPause])
    /// A podcast app: playback in mode spokenAudio, background audio.
    static let podcasts = AppConfig(
        "Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
        remoteCommands: [.play, .pause, .togglePlayPause, .skipForward])
    /// A navigation app that ducks others and interrupts spoken audio.
    static let maps = AppConfig(
        "Maps", backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
        options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])
    /// A game: ambient, no background mode.
    static let game = AppConfig("Game", category: .ambient)
    /// An app with the default category and nothing declared.
    static let plain = AppConfig("Plain")
    /// A voice recorder: record category, background audio.
    static let recorder = AppConfig(
        "Recorder", backgroundModes: [.audio], category: .record,
        players: [PlayerConfig(name: "mic", kind: .recorder)])
    /// A VoIP app: playAndRecord voiceChat.
    static let voip = AppConfig("Voip", backgroundModes: [.audio, .voip], category: .playAndRecord, mode: .voiceChat)

    /// "App": playback, with one player "p" of `kind`.
    static func withPlayer(
        _ kind: PlayerKind, items: [PlayerItem] = [], background: Set<BackgroundMode> = [.audio],
        updates: Bool = true
    ) -> AppConfig {
        AppConfig(
            "App", backgroundModes: background, category: .playback,
            players: [PlayerConfig(name: "p", kind: kind, items: items, updatesNowPlayingInfoCenter: updates)])
    }
}

extension Outcome {
    var failure: ErrorCode? { error?.code }
    var isRejected: Bool {
        if case .rejected = result { return true }
        return false
    }
    func decisions(for app: AppID) -> [Change] { decisions.filter { $0.app == app }.map(\.change) }
    func rule(for change: Change, of app: AppID?) -> Rule? {
        decisions.first { $0.app == app && $0.change == change }?.rule
    }
}
