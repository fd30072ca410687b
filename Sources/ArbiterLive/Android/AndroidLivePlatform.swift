import ArbiterAndroid
import ArbiterEngine
import Logging

/// Android's audio focus (the phone's stack or the car's matrix) as a live session drives it: each stream an app
/// of the usage its `media.role` stands for (`AndroidRoleUsage`), with one player, `main`, and a well-behaved app's
/// reactions (pause on a loss, resume on a gain); running is `play`, stopping `stop` and `abandonFocus`
/// (docs/linux.md, "Android's focus on a live graph").
public struct AndroidLivePlatform: LiveFocusPlatform {
    public var platform: FocusPlatform
    /// The API level whose focus rules apply.
    public var sdk: Int

    /// `platform`'s focus at API level `sdk` (nil: 34).
    public init(platform: FocusPlatform, sdk: Int? = nil) {
        self.platform = platform
        self.sdk = sdk ?? 34
    }

    /// The longest duck ramp, fade-out and fade-in offset.
    public var rampWindow: Time { .ms(4500) }

    public func engine(for apps: [AndroidApp]) throws -> AndroidEngine {
        try AndroidEngine(AndroidSetup(platform: platform, sdk: sdk, apps: apps))
    }

    public func app(_ name: AppID, role: String?, number: Int) -> AndroidApp {
        let usage = AndroidRoleUsage.forRole(role)
        return AndroidApp(
            name: name, uid: 10_001 + number, targetSdk: sdk, attributes: usage.attributes, focusGain: usage.gain,
            reactions: [.loss: [.pause], .lossTransient: [.pause], .gain: [.resume]])
    }

    public func name(of app: AndroidApp) -> AppID { app.name }

    public func reclassify(_ app: inout AndroidApp, role: String?) {
        let usage = AndroidRoleUsage.forRole(role)
        app.attributes = usage.attributes
        app.focusGain = usage.gain
    }

    public func kind(of role: String?, declared: Bool) -> String {
        let usage = AndroidRoleUsage.forRole(role)
        return "usage \(usage.usage)" + (declared ? ", requests \(usage.gain)" : "")
    }

    public func knows(role: String) -> Bool { AndroidRoleUsage.knows(role) }

    public func starts(_ app: AppID) -> [AndroidEvent] { [.app(app, .play(nil))] }

    public func stops(_ app: AppID, gone: Bool) -> [AndroidEvent] { [.app(app, .stop(nil)), .app(app, .abandonFocus)] }

    /// Telephony's focus: ringing is `incomingCall`, answered `answerCall`, ended `endCall` (or `declineCall` before
    /// it was answered).
    public func call(from before: PhoneCallStatus, to now: PhoneCallStatus) -> [AndroidEvent] {
        switch (before, now) {
        case (.idle, .ringing): [.system(.incomingCall)]
        case (.idle, .active): [.system(.incomingCall), .system(.answerCall)]
        case (.ringing, .active): [.system(.answerCall)]
        case (.ringing, .idle): [.system(.declineCall)]
        case (.active, .idle): [.system(.endCall)]
        default: []
        }
    }

    /// Its rejection, the engine's decisions and the focus changes the apps were told, each with its rule.
    public func handle(_ event: AndroidEvent?, in engine: inout AndroidEngine, at time: Time)
        -> (lines: [String], decided: Bool)
    {
        let outcome = engine.handle(event ?? .advance, at: time)
        var lines: [String] = []
        if let rejection = outcome.rejection { lines.append("  refused: \(rejection)") }
        for decision in outcome.decisions { lines.append("  \(decision)") }
        for notification in outcome.notifications {
            lines.append("→ \(notification.app): \(notification.change)  [\(notification.rule.id)]")
        }
        return (lines, !outcome.decisions.isEmpty)
    }

    public func now(of engine: AndroidEngine) -> Time { engine.now }

    public func level(of app: AppID, in engine: AndroidEngine) -> Double? {
        engine.state(of: app).map { $0.volumes["main"] ?? 1 }
    }

    public func want(of app: AppID, in engine: AndroidEngine) -> LivePlayerWant? {
        switch engine.state(of: app)?.players["main"] {
        case .paused?: .paused
        case .started?: .playing
        default: nil
        }
    }

    public func isQuiet(_ engine: AndroidEngine) -> Bool { engine.holders.isEmpty }

    public func stateHead(of engine: AndroidEngine) -> [String] {
        ["focus stack: " + (engine.stack.isEmpty ? "empty" : engine.stack.map(\.description).joined(separator: ", "))]
    }

    public func state(of app: AppID, in engine: AndroidEngine) -> String? {
        engine.state(of: app).map { "focus \($0.focus), player \($0.players["main"].map { "\($0)" } ?? "none")" }
    }
}

/// Android's focus over other programs' streams (`arbiter attach --platform android|androidAutomotive`).
public typealias AndroidLiveSession = LiveFocusSession<AndroidLivePlatform>

extension LiveFocusSession where Platform == AndroidLivePlatform {
    /// A session over `graph` with `platform`'s policy at API level `sdk` (nil: 34), pausing over `players`' MPRIS
    /// when there is a session bus and writing its changes to `ledger`; each line it has to say goes to `output`.
    /// `clock` tells the session's time for `turn(lines:)` (by default, the time since it started).
    public convenience init(
        graph: any ProgramGraphAccess, platform: FocusPlatform, sdk: Int? = nil,
        players: (any MediaPlayerAccess)? = nil, ledger: LeaveLedger? = nil,
        logger: Logger = Logger(label: "arbiter"), clock: (() -> Time)? = nil,
        output: @escaping (String) -> Void
    ) throws {
        try self.init(
            graph: graph, focus: AndroidLivePlatform(platform: platform, sdk: sdk), players: players, ledger: ledger,
            logger: logger, clock: clock, output: output)
    }

    public var platform: FocusPlatform { focus.platform }
    public var sdk: Int { focus.sdk }
}
