import ArbiterAndroid
import ArbiterEngine

/// A phone (or car) driven step by step through the engine's public API, with a clock and the focus changes
/// delivered since they were last taken.
struct Device {
    var engine: AndroidEngine
    var clock: Time = .zero
    var delivered: [FocusNotification] = []
    var decisions: [FocusDecision] = []

    init(
        _ apps: [AndroidApp], platform: FocusPlatform = .phone, sdk: Int = 34, profile: AndroidProfile? = nil,
        ringerMode: RingerMode = .normal
    ) throws {
        engine = try AndroidEngine(
            AndroidSetup(
                platform: platform, sdk: sdk, profile: profile, ringerMode: ringerMode,
                apps: apps))
    }

    /// Handles `event` `after` the previous step.
    @discardableResult
    mutating func step(_ event: AndroidEvent, after: Time = .zero) -> FocusOutcome {
        clock = clock + after
        let outcome = engine.handle(event, at: clock)
        delivered += outcome.notifications
        decisions += outcome.decisions
        return outcome
    }

    @discardableResult
    mutating func app(_ name: AppID, _ action: AndroidAppAction, after: Time = .zero) -> FocusOutcome {
        step(.app(name, action), after: after)
    }

    @discardableResult
    mutating func request(_ name: AppID, _ gain: FocusGain? = nil, after: Time = .zero) -> FocusOutcome {
        step(.app(name, .requestFocus(FocusRequestChange(gain: gain))), after: after)
    }

    @discardableResult
    mutating func system(_ action: AndroidSystemAction, after: Time = .zero) -> FocusOutcome {
        step(.system(action), after: after)
    }

    @discardableResult
    mutating func advance(_ by: Time) -> FocusOutcome { step(.advance, after: by) }

    func state(_ name: AppID) -> AndroidAppState { engine.state(of: name)! }
    func focus(_ name: AppID) -> FocusStatus { state(name).focus }
    func volume(_ name: AppID, _ player: String = "main") -> Double { state(name).volumes[player]! }
    func playing(_ name: AppID, _ player: String = "main") -> Bool { state(name).players[player] == .started }

    /// The focus changes delivered since the last call, as `App: change`.
    mutating func events() -> [String] {
        defer { delivered = [] }
        return delivered.map { "\($0.app.name): \($0.change)" }
    }

    /// The rules of the decisions so far about `owner` (or all), by id.
    func ruleIDs(_ owner: FocusOwner? = nil) -> [String] {
        decisions.filter { owner == nil || $0.owner == owner }.map(\.rule.id)
    }
}

/// App declarations the tests share.
enum Apps {
    static func media(
        _ name: AppID, uid: Int, targetSdk: Int = 34, gain: FocusGain = .gain,
        contentType: ContentType = .music, willPause: Bool = false, delayOK: Bool = false,
        players: [AndroidPlayer] = [AndroidPlayer(name: "main")],
        reactions: [FocusChange: [FocusReaction]] = [:]
    ) -> AndroidApp {
        AndroidApp(
            name: name, uid: uid, targetSdk: targetSdk,
            attributes: AudioAttributes(usage: .media, contentType: contentType), focusGain: gain,
            willPauseWhenDucked: willPause, acceptsDelayedFocusGain: delayOK, players: players,
            reactions: reactions)
    }

    static func prompt(
        _ name: AppID, uid: Int, usage: Usage = .assistanceNavigationGuidance,
        gain: FocusGain = .gainTransientMayDuck, contentType: ContentType = .speech
    ) -> AndroidApp {
        AndroidApp(
            name: name, uid: uid, targetSdk: 34, attributes: AudioAttributes(usage: usage, contentType: contentType),
            focusGain: gain)
    }
}

/// Whether two volumes agree within a thousandth.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.001 }
