import ArbiterEngine
import ArbiterHarmony
import Benchmark

/// The HarmonyOS engine's cost per event: one benchmark iteration is a thousand events (the figures are per event);
/// throughput is events a second. The events are a deterministic mix of what apps do (start, pause, stop, release,
/// interrupt modes, AudioSessions of every strategy) with a call, an alarm or the assistant now and then, over
/// `appCount` apps of varied usages, each with a player and some with a second stream; time moves on 40 ms an event,
/// so sessions' timeouts fall due along the way. The engine is made afresh each time the events run out, outside the
/// measurement.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo, maxDuration: .seconds(3))
    for appCount in [10, 100] {
        let workload = HarmonyWorkload(appCount: appCount, eventCount: 1000)
        Benchmark("HarmonyOS events, \(appCount) apps", configuration: configuration) { benchmark in
            var engine = try! HarmonyEngine(workload.setup)
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if index == workload.events.count {
                    benchmark.stopMeasurement()
                    engine = try! HarmonyEngine(workload.setup)
                    index = 0
                    benchmark.startMeasurement()
                }
                let (time, event) = workload.events[index]
                blackHole(engine.handle(event, at: time))
                index += 1
            }
            benchmark.stopMeasurement()
        }
    }
}

/// A deterministic HarmonyOS workload: the same apps and events for the same sizes.
struct HarmonyWorkload: Sendable {
    let setup: HarmonySetup
    let events: [(Time, HarmonyEvent)]

    init(appCount: Int, eventCount: Int) {
        let usages: [(StreamUsage, StreamKind)] = [
            (.music, .avPlayer), (.navigation, .audioRenderer), (.audiobook, .avPlayer), (.game, .audioRenderer),
            (.notification, .soundPool), (.voiceCommunication, .audioRenderer), (.movie, .avPlayer),
        ]
        let apps = (0..<appCount).map { index in
            let (usage, kind) = usages[index % usages.count]
            var streams = [
                StreamConfig("main", kind: kind, usage: usage, interruptMode: index % 4 == 0 ? .independent : .share)
            ]
            if index % 5 == 0 { streams.append(StreamConfig("effects", kind: .soundPool, usage: .game)) }
            return HarmonyAppConfig(
                AppID("App\(index)"), streams: streams,
                reactions: [.pause: .pause, .resume: .start, .stop: .stop])
        }
        setup = HarmonySetup(api: 20, apps: apps)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var events: [(Time, HarmonyEvent)] = []
        var inCall = false
        for step in 0..<eventCount {
            let time = Time.ms(Int64(step) * 40)
            let app = apps[next(appCount)].name
            let roll = next(100)
            let event: HarmonyEvent
            switch roll {
            case 0..<35: event = .app(app, .start(nil))
            case 35..<50: event = .app(app, .pause(nil))
            case 50..<62: event = .app(app, .stop(nil))
            case 62..<67: event = .app(app, .release(nil))
            case 67..<72:
                event = .app(app, .setInterruptMode(nil, next(2) == 0 ? .share : .independent))
            case 72..<82:
                let modes = ConcurrencyMode.allCases
                event = .app(app, .activateSession(modes[next(modes.count)]))
            case 82..<87: event = .app(app, .deactivateSession)
            case 87..<91:
                event = .system(inCall ? .endCall : .incomingCall)
                inCall.toggle()
            case 91..<94: event = .system(next(2) == 0 ? .alarmBegin : .alarmEnd)
            case 94..<97: event = .system(next(2) == 0 ? .assistantBegin : .assistantEnd)
            default: event = .advance
            }
            events.append((time, event))
        }
        self.events = events
    }
}
