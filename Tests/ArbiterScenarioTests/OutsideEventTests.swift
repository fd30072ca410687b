import ArbiterEngine
import ArbiterScenario
import Testing

/// Events from outside (the real system) keep their own time in a replay, and `ReplayClock` says what that
/// time is for a real moment.
@Suite("Outside events and the replay's clock")
struct OutsideEventTests {
    /// A backend that reports outside events in batches, one batch a call, then none.
    final class Outside: ReplayBackend {
        var batches: [[OutsideEvent]]
        var asked: [Time] = []
        init(_ batches: [[OutsideEvent]]) { self.batches = batches }
        func perform(_ action: DeviceAction, at time: Time) throws -> [Event] { [.device(action)] }
        func externalEvents(at time: Time) throws -> [OutsideEvent] {
            asked.append(time)
            return batches.isEmpty ? [] : batches.removeFirst()
        }
        func reconcile(with engine: Engine) throws {}
        func verify(_ results: inout [CheckResult], engine: Engine) throws {}
    }

    static let scenario = """
        scenario: an unplug from outside
        device:
          accessories: [wiredHeadphones]
        apps:
          Music: { backgroundModes: [audio], category: playback, players: { main: avPlayer } }
        steps:
          - Music: play
          - at: 10s
            expect:
              Music: { playing: false }
        """

    func replay(_ batches: [[OutsideEvent]]) throws -> (ScenarioReport, Outside) {
        guard case .success(let scenario) = ScenarioParser.parse(OutsideEventTests.scenario, file: "outside.yaml")
        else {
            throw TimelineSVGTests.TestFailure("does not parse")
        }
        let backend = Outside(batches)
        return (Replayer.replay(scenario, backend: backend), backend)
    }

    static let unplug = Event.device(.disconnect(AccessorySpec(.wiredHeadphones)))

    @Test("an unplug that happened at 4 s is recorded at 4 s, before the step at 10 s, marked as outside")
    func keepsItsTime() throws {
        // The first call, before the step at 0 s, finds nothing; the second, before 10 s, finds the unplug.
        let (report, backend) = try replay([[], [OutsideEvent(OutsideEventTests.unplug, at: .ms(4000))]])
        #expect(report.passed, "the AVPlayer paused at the unplug")
        let steps = report.entries.compactMap { entry -> StepRecord? in
            if case .step(let step) = entry { return step } else { return nil }
        }
        let outside = try #require(steps.first { $0.outside })
        #expect(outside.outcome.time == .ms(4000))
        #expect(outside.position == nil)
        #expect(steps.filter(\.outside).count == 1)
        #expect(
            TimelineFormatter().lines(for: report).contains("      4s  device: disconnect wiredHeadphones  (outside)"))
        // Asked again after the unplug, until nothing more had happened.
        #expect(backend.asked == [.zero, .ms(10_000), .ms(10_000)])
    }

    @Test("the picture names an outside step as such, at its own time")
    func inThePicture() throws {
        guard case .success(let scenario) = ScenarioParser.parse(OutsideEventTests.scenario, file: "outside.yaml")
        else {
            throw TimelineSVGTests.TestFailure("does not parse")
        }
        let backend = Outside([[], [OutsideEvent(OutsideEventTests.unplug, at: .ms(4000))]])
        let picture = try #require(
            TimelinePicture(report: Replayer.replay(scenario, backend: backend, recordStates: true)))
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        #expect(reader.texts("outside: device: disconnect wiredHeadphones").count == 1)
        #expect(reader.titles(containing: "4s  outside: device: disconnect wiredHeadphones").count == 1)
    }

    @Test("an outside event's time is kept within the replay: not before the last step, not after the next")
    func clampedToTheReplay() throws {
        let (report, _) = try replay([[], [OutsideEvent(OutsideEventTests.unplug, at: .ms(60_000))]])
        let times = report.entries.compactMap { entry -> Time? in
            if case .step(let step) = entry, step.outside { return step.outcome.time } else { return nil }
        }
        #expect(times == [.ms(10_000)])
    }

    @Test("without realtime the clock stands at the last time reached; moments before the first are at 0")
    func instantClock() {
        var clock = ReplayClock(realtime: false)
        #expect(clock.time(at: 99) == .zero)
        clock.reached(.zero, at: 100)
        clock.reached(.ms(30_000), at: 100.002)
        clock.reached(.ms(30_000), at: 100.010)
        clock.reached(.ms(33_000), at: 100.020)
        #expect(clock.time(at: 100.001) == .zero)
        #expect(clock.time(at: 100.015) == .ms(30_000), "between two steps: the earlier one's time")
        #expect(clock.time(at: 500) == .ms(33_000))
    }

    @Test("with realtime the clock runs with the real one from time zero, never behind the last time reached")
    func realtimeClock() {
        var clock = ReplayClock(realtime: true)
        clock.reached(.zero, at: 100)
        clock.reached(.ms(1000), at: 101)
        #expect(clock.time(at: 101.5) == .ms(1500))
        // A time reached ahead of the real clock (5 s, 3 s in) holds until the real clock catches up.
        clock.reached(.ms(5000), at: 103)
        #expect(clock.time(at: 103.5) == .ms(5000))
        #expect(clock.time(at: 106) == .ms(6000))
        #expect(clock.start == 100)
    }
}
