import Testing
@testable import ArbiterEngine

/// Drives every sequence of events up to a length over a few apps, checking the invariants after each step
/// (small-scope hypothesis: most bugs show up in small cases).
@Suite("Exhaustive small scope")
struct ExhaustiveTests {
    /// The depth; `ARBITER_EXHAUSTIVE_DEPTH` raises it for a deeper (slower) run.
    static let depth = 4

    static let apps: [AppConfig] = [Apps.music, Apps.maps, Apps.game, Apps.podcasts]

    /// 22 events: enough to reach every kind of rule, few enough for depth 4 in seconds.
    static let events: [Event] = {
        var events: [Event] = []
        for app in apps.map(\.name) {
            events += [.app(app, .play()), .app(app, .foreground)]
        }
        events += [.app("Music", .activate), .app("Music", .pause()), .app("Music", .deactivate()),
                   .app("Music", .background), .app("Music", .setCategory(.playback, options: [.mixWithOthers])),
                   .app("Maps", .deactivate(notifyOthers: true)), .app("Podcasts", .deactivate(notifyOthers: true)),
                   .app("Game", .setCategory(.soloAmbient))]
        events += [SystemAction.incomingCall, .answerCall, .endCall, .siriBegin].map(Event.system)
        events += [.device(.ringer(.silent)), .device(.lock)]
        return events
    }()

    struct Tally {
        var steps = 0
        var failures: [String] = []
        var rulesSeen = Set<String>()
    }

    static func explore(_ engine: Engine, trail: [Event], depth: Int, time: Time, _ tally: inout Tally) {
        guard depth > 0 else { return }
        for event in events {
            var next = engine
            let outcome = next.handle(event, at: time)
            tally.steps += 1
            let path = (trail + [event]).map(\.description).joined(separator: " → ")
            let violations = next.invariantViolations()
            if !violations.isEmpty, tally.failures.count < 10 { tally.failures.append("\(path): \(violations)") }
            if case .rejected = outcome.result, next != engine, tally.failures.count < 10 {
                tally.failures.append("\(path): a rejected event changed the state")
            }
            for rule in outcome.decisions.map(\.rule) + outcome.notifications.map(\.rule) {
                tally.rulesSeen.insert(rule.id)
                if Rule.named(rule.id) != rule, tally.failures.count < 10 {
                    tally.failures.append("\(path): rule \(rule.id) is not in the catalog")
                }
            }
            if let error = outcome.error, Rule.named(error.rule.id) == nil, tally.failures.count < 10 {
                tally.failures.append("\(path): error rule \(error.rule.id) is not in the catalog")
            }
            explore(next, trail: trail + [event], depth: depth - 1, time: time + .ms(100), &tally)
        }
    }

    @Test("every event sequence up to the depth keeps the invariants; every cited rule is in the catalog")
    func everySequence() throws {
        var depth = ExhaustiveTests.depth
        if let text = Environment.value("ARBITER_EXHAUSTIVE_DEPTH"), let value = Int(text) { depth = value }
        var profile = Profile()
        profile.duckRamp = .ms(250)
        let engine = try Engine(Setup(profile: profile, apps: ExhaustiveTests.apps))
        var tally = Tally()
        ExhaustiveTests.explore(engine, trail: [], depth: depth, time: .ms(100), &tally)
        var expectedSteps = 0
        var layer = 1
        for _ in 0..<depth { layer *= ExhaustiveTests.events.count; expectedSteps += layer }
        #expect(tally.steps == expectedSteps)
        #expect(tally.failures == [])
        for id in ["activation.non-mixable-interrupts", "activation.interrupts-spoken-audio", "ducking.duck-others",
                   "system.call-interrupts", "deactivation.notify-others", "background.suspends",
                   "audible.silent-switch", "other-audio.silence-secondary-hint"] {
            #expect(tally.rulesSeen.contains(id), "the exploration never reached \(id)")
        }
    }
}
