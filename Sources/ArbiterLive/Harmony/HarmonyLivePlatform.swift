import ArbiterEngine
import ArbiterHarmony
import Logging

/// HarmonyOS's audio focus as a live session drives it: each stream an app with one AudioRenderer stream, `main`,
/// of the `StreamUsage` its `media.role` stands for (`HarmonyRoleUsage`), whose `on('audioInterrupt')` handler
/// starts it again on RESUME; running is `start`, stopping `stop`, going away `release` (docs/linux.md, "HarmonyOS's
/// focus on a live graph"). What the system does by force (PAUSE, STOP, DUCK, UNDUCK) is done to the program.
public struct HarmonyLivePlatform: LiveFocusPlatform {
    /// The API level whose focus rules apply (`HarmonySetup.apiLevels`).
    public var api: Int
    /// The name of each app's one stream.
    public static let stream = "main"

    /// HarmonyOS's focus at API level `api` (nil: `HarmonySetup`'s default, 20).
    public init(api: Int? = nil) {
        self.api = api ?? HarmonySetup(apps: []).api
    }

    /// HarmonyOS ducks at once (the duck factor applied to the stream), with no ramp.
    public var rampWindow: Time { .zero }

    public func engine(for apps: [HarmonyAppConfig]) throws -> HarmonyEngine {
        guard HarmonySetup.apiLevels.contains(api) else {
            throw HarmonySetupError(
                "the API level is \(api); expected one from \(HarmonySetup.apiLevels.lowerBound) to "
                    + "\(HarmonySetup.apiLevels.upperBound)")
        }
        return try HarmonyEngine(HarmonySetup(api: api, apps: apps))
    }

    public func app(_ name: AppID, role: String?, number: Int) -> HarmonyAppConfig {
        HarmonyAppConfig(
            name,
            streams: [StreamConfig(Self.stream, kind: .audioRenderer, usage: HarmonyRoleUsage.forRole(role).usage)],
            reactions: [.resume: .start])
    }

    public func name(of app: HarmonyAppConfig) -> AppID { app.name }

    public func reclassify(_ app: inout HarmonyAppConfig, role: String?) {
        for k in app.streams.indices { app.streams[k].usage = HarmonyRoleUsage.forRole(role).usage }
    }

    public func kind(of role: String?, declared: Bool) -> String {
        let usage = HarmonyRoleUsage.forRole(role).usage
        return "usage \(usage)" + (declared ? ", focus type \(usage.focusType)" : "")
    }

    public func knows(role: String) -> Bool { HarmonyRoleUsage.knows(role) }

    public func starts(_ app: AppID) -> [HarmonyEvent] { [.app(app, .start(Self.stream))] }

    public func stops(_ app: AppID, gone: Bool) -> [HarmonyEvent] {
        [.app(app, gone ? .release(Self.stream) : .stop(Self.stream))]
    }

    /// The system's cellular call: ringing is `incomingCall`, answered `answerCall`, ended (or never answered)
    /// `endCall`.
    public func call(from before: PhoneCallStatus, to now: PhoneCallStatus) -> [HarmonyEvent] {
        switch (before, now) {
        case (.idle, .ringing): [.system(.incomingCall)]
        case (.idle, .active): [.system(.incomingCall), .system(.answerCall)]
        case (.ringing, .active): [.system(.answerCall)]
        case (.ringing, .idle), (.active, .idle): [.system(.endCall)]
        default: []
        }
    }

    /// Its rejection, a start that failed, the engine's decisions and the interrupt events the streams were told,
    /// each with its rule.
    public func handle(_ event: HarmonyEvent?, in engine: inout HarmonyEngine, at time: Time)
        -> (lines: [String], decided: Bool)
    {
        let outcome = engine.handle(event ?? .advance, at: time)
        var lines: [String] = []
        if let rejection = outcome.rejection { lines.append("  refused: \(rejection)") }
        if case .failed(let code, let rule)? = outcome.result {
            lines.append("  \(outcome.event) returned failed \(code)  [\(rule.id)]")
        }
        for decision in outcome.decisions { lines.append("  \(decision)") }
        for notification in outcome.notifications { lines.append("→ \(notification)  [\(notification.rule.id)]") }
        return (lines, !outcome.decisions.isEmpty)
    }

    public func now(of engine: HarmonyEngine) -> Time { engine.now }

    public func level(of app: AppID, in engine: HarmonyEngine) -> Double? {
        engine.stream(StreamOwner(app, Self.stream))?.volume
    }

    /// Paused or stopped by focus (or queued paused, or refused) is a program paused; running is one playing.
    public func want(of app: AppID, in engine: HarmonyEngine) -> LivePlayerWant? {
        switch engine.stream(StreamOwner(app, Self.stream))?.state {
        case .paused?, .stopped?: .paused
        case .running?: .playing
        default: nil
        }
    }

    public func isQuiet(_ engine: HarmonyEngine) -> Bool { engine.focusList.isEmpty }

    public func stateHead(of engine: HarmonyEngine) -> [String] {
        let list = engine.focusList
        return ["focus list: " + (list.isEmpty ? "empty" : list.map(\.description).joined(separator: ", "))]
    }

    public func state(of app: AppID, in engine: HarmonyEngine) -> String? {
        engine.stream(StreamOwner(app, Self.stream)).map {
            "focus \($0.focus.map(\.description) ?? "none"), stream \($0.state)"
        }
    }
}

/// HarmonyOS's focus over other programs' streams (`arbiter attach --platform harmonyos`).
public typealias HarmonyLiveSession = LiveFocusSession<HarmonyLivePlatform>

extension LiveFocusSession where Platform == HarmonyLivePlatform {
    /// A session over `graph` with HarmonyOS's focus at API level `api` (nil: 20; throws outside 12 to 20), pausing
    /// over `players`' MPRIS when there is a session bus and writing its changes to `ledger`; each line it has to say
    /// goes to `output`. `clock` tells the session's time for `turn(lines:)` (by default, the time since it started).
    public convenience init(
        graph: any ProgramGraphAccess, api: Int? = nil, players: (any MediaPlayerAccess)? = nil,
        ledger: LeaveLedger? = nil, logger: Logger = Logger(label: "arbiter"), clock: (() -> Time)? = nil,
        output: @escaping (String) -> Void
    ) throws {
        try self.init(
            graph: graph, focus: HarmonyLivePlatform(api: api), players: players, ledger: ledger, logger: logger,
            clock: clock, output: output)
    }

    public var api: Int { focus.api }
}
