import Testing

@testable import ArbiterEngine

@Suite("Who gets interrupted: every interrupter, the session it interrupts and its rule (reference §2, §5.2)")
struct WhoGetsInterruptedTests {
    /// One interrupter of `WhoGetsInterrupted.swift`: the apps, what they do first, the event that interrupts, and who
    /// is interrupted, by what, with which reason and rule.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var apps: [AppConfig]
        var device = DeviceConfig()
        var before: [Event]
        var interrupting: Event
        var interrupted: AppID
        var by: Interrupter
        var reason: InterruptionReason = .default
        var rule: Rule
        var testDescription: String { name }
    }

    static let recorder = AppConfig(
        "Recorder", backgroundModes: [.audio], category: .playAndRecord,
        options: [.mixWithOthers])

    static let cases: [Case] = [
        Case(
            name: "a non-mixable app's activation", apps: [Apps.music, Apps.podcasts],
            before: [.app("Music", .play()), .app("Podcasts", .foreground)],
            interrupting: .app("Podcasts", .play()), interrupted: "Music", by: .app("Podcasts"),
            rule: .nonMixableActivationInterrupts),
        Case(
            name: "interruptSpokenAudioAndMixWithOthers over spoken audio", apps: [Apps.podcasts, Apps.maps],
            before: [.app("Podcasts", .play())],
            interrupting: .app("Maps", .play()), interrupted: "Podcasts", by: .app("Maps"),
            rule: .interruptSpokenAudio),
        Case(
            name: "a call", apps: [Apps.music], before: [.app("Music", .play())],
            interrupting: .system(.incomingCall), interrupted: "Music", by: .phoneCall, rule: .callInterrupts),
        Case(
            name: "Siri", apps: [Apps.music], before: [.app("Music", .play())],
            interrupting: .system(.siriBegin), interrupted: "Music", by: .siri, rule: .siriInterrupts),
        Case(
            name: "an alarm", apps: [Apps.music], before: [.app("Music", .play())],
            interrupting: .system(.alarmBegin), interrupted: "Music", by: .alarm, rule: .alarmInterrupts),
        Case(
            name: "a route disconnect", apps: [Apps.music],
            device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]), before: [.app("Music", .play())],
            interrupting: .device(.disconnect(AccessorySpec(.wiredHeadphones))), interrupted: "Music",
            by: .routeDisconnect, reason: .routeDisconnected, rule: .routeDisconnectedInterrupts),
        Case(
            name: "the built-in mic muted", apps: [recorder], before: [.app("Recorder", .record)],
            interrupting: .device(.builtInMic(muted: true)), interrupted: "Recorder", by: .micMuted,
            reason: .builtInMicMuted, rule: .mutedMicInterrupts),
    ]

    @Test("each interrupter interrupts with its reason and rule", arguments: cases)
    func interrupts(_ c: Case) throws {
        var h = try Harness(c.apps, device: c.device)
        for event in c.before { h.send(event) }
        #expect(h.session(c.interrupted).isActive, "\(c.interrupted) is active before \(c.name)")
        _ = h.takeNotifications()
        let outcome = h.send(c.interrupting)
        #expect(h.session(c.interrupted).interruption?.by == c.by)
        #expect(!h.session(c.interrupted).isActive)
        #expect(outcome.rule(for: .interrupted(by: c.by), of: c.interrupted) == c.rule)
        #expect(
            h.takeNotifications().contains(Delivered(app: c.interrupted, kind: .interruptionBegan(reason: c.reason))))
    }

    /// Each kind of interrupter, numbered. The switch is exhaustive: a new kind does not compile until it is numbered
    /// here, and the test below fails until it has a case above.
    static func kind(_ interrupter: Interrupter) -> Int {
        switch interrupter {
        case .app: 0
        case .phoneCall: 1
        case .siri: 2
        case .alarm: 3
        case .routeDisconnect: 4
        case .micMuted: 5
        }
    }

    @Test("the list covers every kind of interrupter the model has")
    func everyInterrupterListed() {
        #expect(Set(Self.cases.map { Self.kind($0.by) }) == Set(0...5))
    }
}
