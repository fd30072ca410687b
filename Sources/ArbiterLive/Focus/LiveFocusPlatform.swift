import ArbiterEngine

/// A focus platform as `LiveFocusSession` drives it over other programs' streams: its engine, the app a stream of a
/// `media.role` is, the events a stream's running, stopping and leaving make, and the words its lines use. The
/// streams followed, the engine made again as programs come, and what is done to the programs are the session's,
/// whichever platform decides (Android's `AndroidLivePlatform`, HarmonyOS's `HarmonyLivePlatform`).
public protocol LiveFocusPlatform {
    associatedtype Engine
    associatedtype Event
    associatedtype App

    /// How long after a decision volumes may still move (the longest ramp or fade); zero when they step.
    var rampWindow: Time { get }
    /// An engine whose apps are `apps`, in the order they were seen.
    func engine(for apps: [App]) throws -> Engine
    /// The app a stream of `role` is, named `name`; `number` counts the apps declared so far, from 0.
    func app(_ name: AppID, role: String?, number: Int) -> App
    func name(of app: App) -> AppID
    /// The app takes `role`, set after its stream appeared but before it first played.
    func reclassify(_ app: inout App, role: String?)
    /// What a stream of `role` is, as a line says it: when it is declared (`usage media, requests gain`), and when
    /// it runs (`usage media`).
    func kind(of role: String?, declared: Bool) -> String
    /// Whether the role table names `role`.
    func knows(role: String) -> Bool
    /// The app's events when its stream starts running.
    func starts(_ app: AppID) -> [Event]
    /// The app's events when its stream stays stopped, or goes away.
    func stops(_ app: AppID, gone: Bool) -> [Event]
    /// The events of the phone stack's call going from `before` to `now`.
    func call(from before: PhoneCallStatus, to now: PhoneCallStatus) -> [Event]
    /// Handles `event` (nil: time passes) at `time`: the lines that say what it did, each with its rule, and
    /// whether the engine decided anything (volumes may then move for `rampWindow`).
    func handle(_ event: Event?, in engine: inout Engine, at time: Time) -> (lines: [String], decided: Bool)
    /// The time of the last event the engine handled.
    func now(of engine: Engine) -> Time
    /// The level the engine gives the app's stream now (a duck, a fade, a mute, as one factor); nil: no such app.
    func level(of app: AppID, in engine: Engine) -> Double?
    /// Whether the engine has the app's stream paused or playing; nil when it says neither.
    func want(of app: AppID, in engine: Engine) -> LivePlayerWant?
    /// Whether no one holds focus or waits for it.
    func isQuiet(_ engine: Engine) -> Bool
    /// The lines `state` starts with (the focus stack or list).
    func stateHead(of engine: Engine) -> [String]
    /// The app's focus and stream as `state` says them (`focus gain, player started`); nil: no such app.
    func state(of app: AppID, in engine: Engine) -> String?
}

/// What the engine wants of a program's stream.
public enum LivePlayerWant: Hashable, Sendable {
    /// Its app's stream is paused (or stopped) by the policy: the program is paused.
    case paused
    /// It plays: a program the session paused is resumed.
    case playing
}
