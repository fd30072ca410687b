import ArbiterAndroid
import ArbiterEngine
import Benchmark

/// The Android engine's cost per event, on the phone's stack and the car's matrix: one benchmark iteration is a
/// thousand events (the figures are per event); throughput is events a second. The events are a deterministic mix of
/// what apps do (play, requests of every gain, abandons, stops, pauses) with a call or the assistant now and then, over
/// `appCount` apps of varied usages; time moves on 40 ms an event, so ducks, fades and the in-call mute fall due
/// along the way. The engine is made afresh each iteration, outside the measurement.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo, maxDuration: .seconds(3))
    for platform in [FocusPlatform.phone, .car] {
        for appCount in [10, 100] {
            let workload = AndroidWorkload(platform: platform, appCount: appCount, eventCount: 1000)
            Benchmark(
                "Android \(platform == .phone ? "phone" : "car") events, \(appCount) apps",
                configuration: configuration
            ) { benchmark in
                var engine = try! AndroidEngine(workload.setup)
                var index = 0
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    if index == workload.events.count {
                        benchmark.stopMeasurement()
                        engine = try! AndroidEngine(workload.setup)
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
}

/// A deterministic Android workload: the same apps and events for the same sizes.
struct AndroidWorkload: Sendable {
    let setup: AndroidSetup
    let events: [(Time, AndroidEvent)]

    init(platform: FocusPlatform, appCount: Int, eventCount: Int) {
        let usages: [(Usage, ContentType, FocusGain)] = [
            (.media, .music, .gain), (.assistanceNavigationGuidance, .speech, .gainTransientMayDuck),
            (.media, .speech, .gain), (.game, .unknown, .gain), (.notification, .sonification, .gainTransientMayDuck),
            (.assistant, .speech, .gainTransient), (.alarm, .music, .gainTransient),
        ]
        let apps = (0..<appCount).map { index in
            let (usage, content, gain) = usages[index % usages.count]
            return AndroidApp(
                name: AppID("App\(index)"), uid: 10_001 + index, targetSdk: 34,
                attributes: AudioAttributes(usage: usage, contentType: content), focusGain: gain,
                acceptsDelayedFocusGain: index % 3 == 0,
                reactions: [.lossTransient: [.pause], .gain: [.resume], .loss: [.stop]])
        }
        setup = AndroidSetup(platform: platform, sdk: 34, apps: apps)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var events: [(Time, AndroidEvent)] = []
        var inCall = false
        for step in 0..<eventCount {
            let time = Time.ms(Int64(step) * 40)
            let app = apps[next(appCount)].name
            let roll = next(100)
            let event: AndroidEvent
            switch roll {
            case 0..<35: event = .app(app, .play(nil))
            case 35..<55: event = .app(app, .abandonFocus)
            case 55..<70: event = .app(app, .stop(nil))
            case 70..<80: event = .app(app, .pause(nil))
            case 80..<92:
                let gains = FocusGain.allCases
                event = .app(app, .requestFocus(FocusRequestChange(gain: gains[next(gains.count)])))
            case 92..<96:
                event = .system(inCall ? .endCall : .incomingCall)
                inCall.toggle()
            default: event = .advance
            }
            events.append((time, event))
        }
        self.events = events
    }
}
