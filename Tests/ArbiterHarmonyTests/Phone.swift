import ArbiterEngine
import Testing

@testable import ArbiterHarmony

/// Drives a HarmonyOS engine step by step, keeping what each stream was told.
struct Phone {
    var engine: HarmonyEngine
    var time: Time = .zero
    var told: [String] = []
    var last: HarmonyOutcome?

    init(_ apps: [HarmonyAppConfig], api: Int = 20, profile: HarmonyProfile? = nil) throws {
        engine = try HarmonyEngine(HarmonySetup(api: api, profile: profile, apps: apps))
    }

    @discardableResult
    mutating func send(_ event: HarmonyEvent, after delay: Time = .zero) -> HarmonyOutcome {
        time = time + delay
        let outcome = engine.handle(event, at: time)
        told += outcome.notifications.map(\.description)
        last = outcome
        return outcome
    }

    @discardableResult
    mutating func app(_ id: AppID, _ action: HarmonyAppAction, after delay: Time = .zero) -> HarmonyOutcome {
        send(.app(id, action), after: delay)
    }

    @discardableResult
    mutating func system(_ action: HarmonySystemAction, after delay: Time = .zero) -> HarmonyOutcome {
        send(.system(action), after: delay)
    }

    /// What was told since the last call.
    mutating func takeTold() -> [String] {
        defer { told = [] }
        return told
    }

    func stream(_ app: AppID, _ name: String) -> StreamStatus { engine.stream(StreamOwner(app, name))! }
}

/// An app with one stream of `usage` (`kind`, `mode`).
func app(
    _ name: AppID, _ usage: StreamUsage, stream: String = "player", kind: StreamKind = .avPlayer,
    mode: InterruptMode = .share, reactions: [InterruptHint: HarmonyReaction] = [:]
) -> HarmonyAppConfig {
    HarmonyAppConfig(
        name, streams: [StreamConfig(stream, kind: kind, usage: usage, interruptMode: mode)], reactions: reactions)
}
