import Foundation
import Testing

@testable import ArbiterEngine
@testable import ArbiterScenario

/// Random event sequences over several apps: after every event the engine's invariants hold, time only moves
/// forward, a rejected event changes nothing, a second run gives the same outcomes and state, and the events saved as
/// a scenario file replay to the same outcomes. tools/property.sh runs the long version (ARBITER_PROPERTY_RUNS).
@Suite("Property: random event sequences")
struct PropertyTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test("200 seeded sequences of up to 30 events keep every property, and most of their events are accepted")
    func ciRun() {
        let run = PropertyRun.run(seed: 20_240_601, count: 200, maximumLength: 30)
        #expect(run.failures.isEmpty, "\(run.summary)\n\(run.failureReport)")
        #expect(run.counts.events > 200 * 5)
        #expect(Double(run.counts.rejected) < Double(run.counts.events) * 0.25, "\(run.summary)")
    }

    /// Shrunk sequences that once broke a property, with what broke.
    static let regressions: [String: EventSequence] = {
        var video = AppConfig("Game", category: .playback)
        video.players = [
            PlayerConfig(
                name: "video", kind: .playerViewController,
                items: [PlayerItem(title: "Item 0", duration: 3)], showsVideo: false)
        ]
        var handles = AppConfig("Game", backgroundModes: [.audio], category: .playback)
        handles.players = [PlayerConfig(name: "video", kind: .playerViewController)]
        return [
            "a save wrote no `video: false` for a playerViewController, whose video is on screen by default":
                EventSequence(
                    setup: Setup(apps: [video]),
                    steps: [
                        .init(
                            time: .seconds(325.736),
                            event: .app("Game", .showVideo(false)))
                    ]),
            "a remote command a player handles itself played in a suspended app":
                EventSequence(
                    setup: Setup(apps: [handles]),
                    steps: [
                        .init(time: .zero, event: .app("Game", .play())),
                        .init(time: .zero, event: .app("Game", .background)),
                        .init(time: .zero, event: .app("Game", .deactivate())),
                        .init(time: .zero, event: .system(.remote(.play))),
                    ]),
        ]
    }()

    @Test("sequences that once failed keep every property", arguments: PropertyTests.regressions.keys.sorted())
    func regression(name: String) throws {
        var counts = RunCounts()
        let failure = SequenceProperties.check(try #require(PropertyTests.regressions[name]), counts: &counts)
        #expect(failure == nil, "\(name): \(failure.map(String.init(describing:)) ?? "")")
    }

    @Test("a broken invariant comes back to the property check, to be shrunk, instead of stopping a debug build")
    func brokenInvariantIsReported() throws {
        var engine = try Engine(Setup(apps: [AppConfig("Music"), AppConfig("Maps")]))
        engine.foregroundIndex = 1  // Music is in the foreground: the engine's own index now disagrees
        let before = engine
        let step = EventSequence.Step(time: .ms(10), event: .advance)
        let failure = Engine.$checksEveryEvent.withValue(false) {
            let outcome = engine.handle(step.event, at: step.time)
            return SequenceProperties.checkStep(0, step, outcome, before: before, after: engine)
        }
        #expect(failure?.property == "invariants")
        #expect(
            failure?.message.contains("the foreground index says Maps") == true,
            "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test("the same seed gives the same sequence; another seed another one")
    func reproducible() {
        var first = EventSequenceGenerator(seed: 7)
        var again = EventSequenceGenerator(seed: 7)
        var other = EventSequenceGenerator(seed: 8)
        let sequence = first.sequence()
        #expect(sequence == again.sequence())
        #expect(sequence != other.sequence())
    }

    @Test("the generator reaches every kind of event: app calls, device changes, system events, time passing")
    func variety() {
        var seen = Set<String>()
        for seed in 0..<100 as Range<UInt64> {
            var generator = EventSequenceGenerator(seed: seed)
            for step in generator.sequence().steps {
                switch step.event {
                case .app(_, let action): seen.insert(String("\(action)".prefix { $0 != " " }))
                case .device(let action): seen.insert("device " + String("\(action)".prefix { $0 != " " }))
                case .system(let action): seen.insert("system " + String("\(action)".prefix { $0 != " " }))
                case .advance: seen.insert("advance")
                case .declare: seen.insert("declare")
                }
            }
        }
        for kind in [
            "setCategory", "activate", "play", "record", "terminate", "launch", "device connect",
            "device disconnect", "device lock", "system incomingCall", "system answerCall", "system siri",
            "system alarm", "system mediaServicesReset", "system remote", "advance",
        ] {
            #expect(seen.contains(kind), "never generated: \(kind)")
        }
    }

    @Test("a failing property shrinks to a few steps, and its saved scenario replays to the failure")
    func shrinking() throws {
        // A property that does not hold, to exercise the shrinker: "two apps never play at once".
        func twoPlaying(_ sequence: EventSequence) -> PropertyFailure? {
            guard var engine = try? Engine(sequence.setup) else { return nil }
            for (index, step) in sequence.steps.enumerated() {
                engine.handle(step.event, at: step.time)
                if engine.apps.filter(\.isPlaying).count > 1 {
                    return PropertyFailure(property: "one player", step: index, message: "two apps play")
                }
            }
            return nil
        }
        var found: (EventSequence, PropertyFailure)?
        for seed in 0..<200 as Range<UInt64> {
            var generator = EventSequenceGenerator(seed: seed)
            let sequence = generator.sequence()
            if let failure = twoPlaying(sequence) {
                found = (sequence, failure)
                break
            }
        }
        let (sequence, failure) = try #require(found)
        var shrinker = SequenceShrinker(sequence, failure, check: twoPlaying)
        shrinker.shrink()
        #expect(shrinker.best.steps.count <= 3, "\(shrinker.best)")
        // Two declared apps, or one with a systemMusicPlayer (the Music app is the second player).
        #expect((1...2).contains(shrinker.best.setup.apps.count), "\(shrinker.best)")
        #expect(shrinker.best.steps.count < sequence.steps.count)

        let text = FailureScenario.text(shrinker.best, failure: shrinker.failure, seed: 1)
        let scenario = try ScenarioParser.parse(text, file: "shrunk.yaml").get()
        let report = Replayer.replay(scenario)
        #expect(report.passed, "\(text)")
        let playing =
            report.entries.compactMap { entry -> [String]? in
                guard case .expect(let record) = entry else { return nil }
                return record.results.compactMap { result in
                    if case .app(let app, .playing(true)) = result.check.subject { return app.name }
                    return nil
                }
            }.last ?? []
        #expect(playing.count == 2, "the replay's last expectation shows two apps playing:\n\(text)")
    }

    @Test("the long run (tools/property.sh)", .enabled(if: environment["ARBITER_PROPERTY_RUNS"] != nil))
    func longRun() {
        let count = Int(PropertyTests.environment["ARBITER_PROPERTY_RUNS"] ?? "") ?? 100_000
        let seed =
            PropertyTests.environment["ARBITER_PROPERTY_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let folder = PropertyTests.environment["ARBITER_PROPERTY_OUT"] ?? FileManager.default.temporaryDirectory.path
        print("property: seed \(seed), \(count) sequences")
        let run = PropertyRun.run(seed: seed, count: count, folder: folder)
        print("property: seed \(seed): \(run.summary)")
        if !run.failures.isEmpty { print(run.failureReport) }
        #expect(run.failures.isEmpty, "seed \(seed): \(run.summary)\n\(run.failureReport)")
    }
}
