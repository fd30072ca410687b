import ArbiterEngine

/// HarmonyOS's audio focus as a pure, deterministic state machine: events in, each with its time; decisions and
/// interrupt events out, each with the rule that made it (reference harmonyos-audio-focus.md).
public struct HarmonyEngine: Sendable {
    /// What the engine started from.
    public let setup: HarmonySetup
    /// The time of the last event handled.
    public internal(set) var now: Time = .zero
    var records: [AppRecord]
    var index: [AppID: Int]
    /// The focus list, in arrival order (§1).
    var list: [FocusEntry] = []
    let table: FocusTable
    /// What the event being handled did so far.
    var decisions: [HarmonyDecision] = []
    var notifications: [HarmonyNotification] = []

    var profile: HarmonyProfile { setup.profile }

    /// The names of the system's own streams' owners: the cellular call, the clock's alarm, the voice assistant.
    public static let systemApps: [HarmonyAppConfig] = [
        HarmonyAppConfig(
            "call",
            streams: [
                StreamConfig("ring", kind: .audioRenderer, usage: .voiceRingtone, interruptMode: .independent),
                StreamConfig(
                    "voice", kind: .audioRenderer, usage: .voiceModemCommunication, interruptMode: .independent),
            ]),
        HarmonyAppConfig("alarm", streams: [StreamConfig("tone", kind: .audioRenderer, usage: .alarm)]),
        HarmonyAppConfig("assistant", streams: [StreamConfig("voice", kind: .audioRenderer, usage: .voiceAssistant)]),
    ]

    /// An engine for `setup`; throws when it is inconsistent (two apps of one name, a stream named twice, an app
    /// named as one of the system's).
    public init(_ setup: HarmonySetup) throws(HarmonySetupError) {
        self.setup = setup
        table = FocusTable(setup.profile.focusTable)
        var index: [AppID: Int] = [:]
        var records: [AppRecord] = []
        for app in setup.apps {
            if index[app.name] != nil { throw HarmonySetupError("two apps are named \(app.name)") }
            if HarmonyEngine.systemApps.contains(where: { $0.name == app.name }) {
                throw HarmonySetupError("an app cannot be named \(app.name): the name is the system's own")
            }
            var names: Set<String> = []
            for stream in app.streams where !names.insert(stream.name).inserted {
                throw HarmonySetupError("\(app.name) declares the stream \(stream.name) twice")
            }
            if app.streams.isEmpty { throw HarmonySetupError("\(app.name) declares no stream") }
            if let scene = app.sessionScene, setup.api < SessionScene.since {
                throw HarmonySetupError(
                    "\(app.name) sets the session scene \(scene), which needs API \(SessionScene.since); the setup has "
                        + "API \(setup.api)")
            }
            index[app.name] = records.count
            records.append(AppRecord(app))
        }
        for system in HarmonyEngine.systemApps {
            index[system.name] = records.count
            records.append(AppRecord(system, isSystem: true))
        }
        let foreground = setup.foreground ?? setup.apps.first?.name
        for a in records.indices where !records[a].isSystem { records[a].background = records[a].name != foreground }
        self.records = records
        self.index = index
    }

    /// Handles `event` at `time` (not before `now`): sessions that time out before it first, then the event, then
    /// the apps' handlers.
    public mutating func handle(_ event: HarmonyEvent, at time: Time) -> HarmonyOutcome {
        decisions = []
        notifications = []
        guard time >= now else {
            return outcome(
                event, result: nil, rejection: "time \(time) is before \(now); expected time to move forward")
        }
        timeOutSessions(through: time)
        now = time
        var result: HarmonyCallResult?
        switch event {
        case .app(let id, let action):
            guard let a = index[id], !records[a].isSystem else {
                let names = records.filter { !$0.isSystem }.map(\.name.name).joined(separator: ", ")
                return outcome(event, result: nil, rejection: "no app is named \(id); expected one of \(names)")
            }
            if let problem = problem(with: action, of: a) { return outcome(event, result: nil, rejection: problem) }
            result = perform(action, by: a)
        case .system(let action):
            if let problem = problem(with: action) { return outcome(event, result: nil, rejection: problem) }
            perform(action)
        case .advance:
            break
        }
        runReactions()
        noteIdleSessions()
        return outcome(event, result: result, rejection: nil)
    }

    private func outcome(_ event: HarmonyEvent, result: HarmonyCallResult?, rejection: String?) -> HarmonyOutcome {
        HarmonyOutcome(
            time: now, event: event, result: result, rejection: rejection, decisions: decisions,
            notifications: notifications)
    }

    // MARK: What the engine holds now

    /// The apps, in the order declared (the system's own owners are not among them).
    public var apps: [AppID] { records.filter { !$0.isSystem }.map(\.name) }
    /// The focus list, in arrival order.
    public var focusList: [FocusEntry] { list }
    /// The streams that hold focus and play: active or ducked entries (a scene session's synthetic entry is in the
    /// focus list, not among them).
    public var focusHolders: [StreamOwner] {
        list.filter { $0.stream != nil && ($0.state == .active || $0.state == .duck) }.map(\.owner)
    }

    /// A stream's state, volume and focus; nil when there is no such stream.
    public func stream(_ owner: StreamOwner) -> StreamStatus? {
        guard let a = index[owner.app], let name = owner.stream,
            let s = records[a].streams.firstIndex(where: { $0.config.name == name })
        else { return nil }
        let record = records[a].streams[s]
        let focus = list.first { $0.app == a && $0.stream == s }?.state
        return StreamStatus(
            state: record.state, volume: record.volume, focus: focus, interruptMode: record.interruptMode,
            usage: record.config.usage, source: record.config.source, silent: record.silent,
            appVolume: record.appVolume)
    }

    /// The streams of an app (or of one of the system's owners), in the order declared.
    public func streams(of app: AppID) -> [String]? {
        index[app].map { records[$0].streams.map(\.config.name) }
    }

    /// The app's AudioSession strategy while active; nil when inactive (or no such app).
    public func session(of app: AppID) -> ConcurrencyMode? { index[app].flatMap { records[$0].session } }

    /// The scene of the app's active AudioSession; nil when it has none (or is inactive).
    public func sessionScene(of app: AppID) -> SessionScene? {
        index[app].flatMap { records[$0].sceneActive ? records[$0].sessionScene : nil }
    }

    /// Whether the app is in the background; nil when there is no such app.
    public func isInBackground(_ app: AppID) -> Bool? { index[app].map { records[$0].background } }

    /// When the next AudioSession timer falls due, if any: a session with no stream timing out, or a step of a scene
    /// session's deactivation (§9.4). A replay lets time pass to this instant, so that it is reported when it happens.
    public var nextSessionTimeout: Time? { nextSessionTimer?.due }

}

/// A stream's state as checks read it.
public struct StreamStatus: Hashable, Sendable {
    public var state: StreamState
    public var volume: Double
    /// Its entry in the focus list; nil when it has none.
    public var focus: FocusEntryState?
    public var interruptMode: InterruptMode
    public var usage: StreamUsage?
    public var source: SourceType?
    /// In silent mode: it plays, but nothing is heard (§10).
    public var silent = false
    /// The app's own volume for the stream (`setVolume`).
    public var appVolume: Double = 1
}

/// Why a setup cannot start an engine.
public struct HarmonySetupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
