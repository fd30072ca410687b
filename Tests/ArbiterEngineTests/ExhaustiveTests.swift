import Testing

@testable import ArbiterEngine

/// Drives every sequence of events up to a length over a few apps, checking the invariants after each step
/// (small-scope hypothesis: most bugs show up in small cases). Sequences that reach the same state are explored
/// once: the search goes breadth-first and merges equal engines at each depth.
@Suite("Exhaustive small scope")
struct ExhaustiveTests {
    /// The depth; `ARBITER_EXHAUSTIVE_DEPTH` changes it.
    static let depth = 4

    static let apps: [AppConfig] = {
        var music = Apps.music
        music.reactions = [.oldDeviceUnavailable: .pause, .remote(.togglePlayPause): .togglePlayPause]
        var podcasts = Apps.podcasts
        podcasts.reactions = [.interruptionEnded: .resumeIfShouldResume]
        return [music, Apps.maps, Apps.game, podcasts]
    }()

    /// 30 events: every kind of rule is within reach.
    static let events: [Event] = {
        var events: [Event] = []
        for app in apps.map(\.name) {
            events += [.app(app, .play()), .app(app, .foreground)]
        }
        events += [
            .app("Music", .activate), .app("Music", .pause()), .app("Music", .deactivate()),
            .app("Music", .background), .app("Music", .setCategory(.playback, options: [.mixWithOthers])),
            .app("Maps", .deactivate(notifyOthers: true)), .app("Podcasts", .deactivate(notifyOthers: true)),
            .app("Podcasts", .setCategory(.playAndRecord, mode: .voiceChat)),
            .app("Podcasts", .overrideOutput(speaker: true)), .app("Game", .setCategory(.soloAmbient)),
        ]
        events += [
            SystemAction.incomingCall, .answerCall, .endCall, .siriBegin, .remote(.togglePlayPause),
            .mediaServicesReset,
        ].map(Event.system)
        events += [
            .device(.ringer(.silent)), .device(.lock), .device(.connect(AccessorySpec(.wiredHeadphones))),
            .device(.disconnect(AccessorySpec(.wiredHeadphones))),
            .device(.connect(AccessorySpec(.bluetoothHeadset))),
        ]
        return events
    }()

    struct Tally {
        var steps = 0
        var statesPerDepth: [Int] = []
        var failures: [String] = []
        var rulesSeen = Set<String>()

        mutating func fail(_ message: String) { if failures.count < 10 { failures.append(message) } }
    }

    @Test("every event sequence up to the depth keeps the invariants; every cited rule is in the catalog")
    func everySequence() throws {
        var depth = ExhaustiveTests.depth
        if let text = Environment.value("ARBITER_EXHAUSTIVE_DEPTH"), let value = Int(text) { depth = value }
        var profile = Profile()
        profile.duckRamp = .ms(250)
        var layer: [Engine: [Event]] = [try Engine(Setup(profile: profile, apps: ExhaustiveTests.apps)): []]
        var tally = Tally()
        for level in 1...depth {
            var next: [Engine: [Event]] = [:]
            let time = Time.ms(Int64(level) * 100)
            for (engine, trail) in layer {
                for event in ExhaustiveTests.events {
                    var state = engine
                    let outcome = state.handle(event, at: time)
                    tally.steps += 1
                    let path = (trail + [event])
                    check(outcome, before: engine, after: state, path: path, &tally)
                    if next[state] == nil { next[state] = path }
                }
            }
            tally.statesPerDepth.append(next.count)
            layer = next
        }
        #expect(tally.failures == [])
        #expect(tally.statesPerDepth.count == depth)
        #expect(tally.statesPerDepth.last! > tally.statesPerDepth.first!, "the search reaches new states as it deepens")
        for id in [
            "activation.non-mixable-interrupts", "activation.interrupts-spoken-audio", "ducking.duck-others",
            "system.call-interrupts", "deactivation.notify-others", "background.suspends",
            "audible.silent-switch", "other-audio.silence-secondary-hint", "route.last-in-wins",
            "route.disconnect-interrupts-now-playing", "route.override-speaker", "remote.to-now-playing",
            "app.reaction", "media-services.reset",
        ] {
            #expect(tally.rulesSeen.contains(id), "the exploration never reached \(id)")
        }
        print("exhaustive: \(tally.steps) steps, distinct states per depth \(tally.statesPerDepth)")
    }

    private func check(_ outcome: Outcome, before: Engine, after: Engine, path: [Event], _ tally: inout Tally) {
        let where_ = path.map(\.description).joined(separator: " → ")
        let violations = after.invariantViolations()
        if !violations.isEmpty { tally.fail("\(where_): \(violations)") }
        if case .rejected = outcome.result, after != before {
            tally.fail("\(where_): a rejected event changed the state")
        }
        var rules = outcome.decisions.map(\.rule) + outcome.notifications.map(\.rule)
        if let error = outcome.error { rules.append(error.rule) }
        for rule in rules {
            tally.rulesSeen.insert(rule.id)
            if Rule.named(rule.id) != rule { tally.fail("\(where_): rule \(rule.id) is not in the catalog") }
        }
    }
}
