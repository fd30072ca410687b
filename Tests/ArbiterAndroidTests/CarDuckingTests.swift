import ArbiterAndroid
import ArbiterEngine
import Testing

/// The reference's ducking table (§10.6): which contexts a holder's context ducks.
let referenceDucking: [CarAudioContext: Set<CarAudioContext>] = [
    .music: [],
    .navigation: [.music, .callRing, .call, .alarm, .notification, .systemSound, .vehicleStatus, .announcement],
    .voiceCommand: [.callRing],
    .callRing: [],
    .call: [.callRing, .alarm, .notification, .vehicleStatus],
    .alarm: [.music],
    .notification: [.music, .alarm, .announcement],
    .systemSound: [.music, .alarm, .announcement],
    .emergency: [.call],
    .safety: [
        .music, .navigation, .voiceCommand, .callRing, .call, .alarm, .notification, .systemSound,
        .vehicleStatus, .announcement,
    ],
    .vehicleStatus: [.music, .callRing, .announcement],
    .announcement: [],
]

@Suite("The car's ducking table (CarDuckingUtils, §10.6)")
struct CarDuckingTests {
    @Test("every pair of concurrent holders is ducked as the reference's table says, at the duck level, untold")
    func wholeTable() throws {
        for (a, first) in contextUsages.enumerated() {
            for (b, second) in contextUsages.enumerated() {
                let holder = CarAudioContext.real[a]
                let request = CarAudioContext.real[b]
                guard FocusInteraction.of(holder: holder, request: request) == .concurrent else { continue }
                var car = try Device(
                    [
                        carApp("First", uid: 10001, usage: first),
                        carApp("Second", uid: 10002, usage: second, gain: .gainTransientMayDuck),
                    ],
                    platform: .car)
                car.app("First", .play(nil))
                car.app("Second", .play(nil))
                let pair = "\(holder) then \(request)"
                #expect(car.engine.holders == [.app("Second"), .app("First")], "\(pair)")
                let firstDucked = referenceDucking[request]!.contains(holder)
                let secondDucked = referenceDucking[holder]!.contains(request)
                #expect(car.state("First").ducked == firstDucked, "\(pair)")
                #expect(car.state("Second").ducked == secondDucked, "\(pair)")
                #expect(close(car.volume("First"), firstDucked ? 0.2 : 1), "\(pair)")
                #expect(car.events() == [], "\(pair)")
            }
        }
    }

    @Test("an app that is not a holder is not ducked by the table")
    func onlyHolders() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Maps", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.app("Music", .start(nil))
        car.app("Maps", .play(nil))
        #expect(!car.state("Music").ducked)
    }
}
