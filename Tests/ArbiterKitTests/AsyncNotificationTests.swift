import ArbiterEngine
import ArbiterKit
import Testing

/// A radio app that listens to interruptions with a `for await` loop over `notifications(named:)` (iOS 15) in a
/// main-actor task, beside an older block observer, as apps migrating to Swift concurrency do.
final class RadioListener: @unchecked Sendable {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/station.mp3"))
    private(set) var log: [String] = []
    private var interruptions: Task<Void, Never>?
    private var observer: NSObjectProtocol?

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        observer = NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: nil, queue: .main
        ) { [unowned self] _ in note("block") }
        interruptions = Task { @MainActor [weak self] in
            for await notification in NotificationCenter.default.notifications(
                named: AVAudioSession.interruptionNotification
            ) {
                self?.interruption(notification)
            }
            self?.note("loop finished")
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }

    func stopListening() { interruptions?.cancel() }

    private func interruption(_ notification: Notification) {
        guard let raw = notification.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
            let type = AVAudioSession.InterruptionType(rawValue: raw)
        else { return note("loop: no type") }
        let options = AVAudioSession.InterruptionOptions(
            rawValue: notification.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        switch type {
        case .began:
            note("loop: began main=\(Thread.isMainThread) playing=\(player.timeControlStatus == .playing)")
        case .ended:
            note("loop: ended resume=\(options.contains(.shouldResume))")
            if options.contains(.shouldResume) { play() }
        @unknown default:
            break
        }
    }

    func note(_ line: String) { log.append("\(CACurrentMediaTime()) \(line)") }
}

/// A model whose `@MainActor` method loops over route changes, started from a main-actor task.
final class RouteWatcher: @unchecked Sendable {
    private(set) var log: [String] = []

    init() {
        Task { @MainActor in await self.watchRoutes() }
    }

    @MainActor func watchRoutes() async {
        for await notification in NotificationCenter.default.notifications(
            named: AVAudioSession.routeChangeNotification)
        {
            let reason = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt ?? 0
            let outputs = AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType.rawValue)
            log.append("\(CACurrentMediaTime()) route \(reason) \(outputs)")
        }
    }
}

@Suite struct AsyncNotificationTests {
    func phoneWithRadio() throws -> (SimulatedPhone, RadioListener) {
        let phone = try SimulatedPhone()
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioListener() }
        return (phone, radio)
    }

    /// Plays at 0 s, a call rings at 10 s and is declined at 15 s.
    func callDeclined() throws -> (SimulatedPhone, RadioListener) {
        let (phone, radio) = try phoneWithRadio()
        phone.run(in: "Radio") { radio.play() }
        phone.advance(by: .seconds(10))
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        return (phone, radio)
    }

    @Test func theLoopGetsEachInterruptionAtItsInstantAfterTheDeliveryThatPostedIt() throws {
        let (phone, radio) = try phoneWithRadio()
        phone.run(in: "Radio") { radio.play() }
        phone.advance(by: .seconds(10))
        phone.send(.system(.incomingCall))
        // The block observer runs in the delivery; the loop resumes once it is handled, before send returns.
        #expect(radio.log == ["10.0 block", "10.0 loop: began main=true playing=false"])
        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        #expect(radio.log.suffix(2) == ["15.0 block", "15.0 loop: ended resume=true"])
        // The loop's play() is the app's call, at the notification's instant.
        #expect(radio.player.timeControlStatus == .playing)
        #expect(
            phone.transcript.contains {
                $0.outcome.time == .seconds(15) && $0.cause == .code("Radio", "AVPlayer(station).play()")
            })
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func notificationsPostedTogetherReachTheLoopInOrderAfterThePostingCode() throws {
        let (phone, radio) = try phoneWithRadio()
        phone.advance(by: .seconds(2))
        phone.run(in: "Radio") {
            let session = AVAudioSession.sharedInstance()
            let center = NotificationCenter.default
            center.post(
                name: AVAudioSession.interruptionNotification, object: session,
                userInfo: [AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.began.rawValue])
            center.post(
                name: AVAudioSession.interruptionNotification, object: session,
                userInfo: [
                    AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.ended.rawValue,
                    AVAudioSessionInterruptionOptionKey: UInt(0),
                ])
            center.post(name: AVAudioSession.interruptionNotification, object: session, userInfo: [:])
            radio.note("posted")
        }
        #expect(
            radio.log == [
                "2.0 block", "2.0 block", "2.0 block", "2.0 posted",
                "2.0 loop: began main=true playing=false", "2.0 loop: ended resume=false", "2.0 loop: no type",
            ])
    }

    @Test func cancellingTheTaskEndsTheLoopOnThePhone() throws {
        let (phone, radio) = try phoneWithRadio()
        phone.run(in: "Radio") { radio.play() }
        phone.advance(by: .seconds(3))
        phone.run(in: "Radio") { radio.stopListening() }
        #expect(radio.log == ["3.0 loop finished"])
        phone.send(.system(.incomingCall))
        #expect(radio.log == ["3.0 loop finished", "3.0 block"])
    }

    @Test func aMainActorMethodsLoopHearsRouteChangesInTheAppsContext() throws {
        let phone = try SimulatedPhone()
        let watcher = try phone.install("Podcast", backgroundModes: [.audio]) { RouteWatcher() }
        phone.run(in: "Podcast") {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
        }
        phone.advance(by: .seconds(1))
        phone.send(.device(.connect(AccessorySpec(.wiredHeadphones))))
        phone.advance(by: .seconds(1))
        phone.send(.device(.disconnect(AccessorySpec(.wiredHeadphones))))
        // The route read in the loop is the app's session's, as it is at the notification's instant.
        #expect(
            watcher.log == [
                "1.0 route 1 [\"Headphones\"]",
                "2.0 route 2 [\"Speaker\"]",
            ])
    }

    @Test func theLoopRunsTheSameEveryRun() throws {
        let (firstPhone, first) = try callDeclined()
        #expect(
            first.log == [
                "10.0 block", "10.0 loop: began main=true playing=false",
                "15.0 block", "15.0 loop: ended resume=true",
            ])
        let transcript = firstPhone.transcript.map(\.description)
        for _ in 0..<20 {
            let (phone, radio) = try callDeclined()
            #expect(radio.log == first.log)
            #expect(phone.transcript.map(\.description) == transcript)
        }
    }

    @Test func outsideAnyAppTheSequenceDeliversToAnAsyncLoop() async throws {
        let center = NotificationCenter()
        let name = Notification.Name("Test")
        let notifications = center.notifications(named: name)
        center.post(name: name, object: nil, userInfo: ["n": 1])
        center.post(name: name, object: nil, userInfo: ["n": 2])
        var received: [Int] = []
        for await notification in notifications {
            received.append(notification.userInfo?["n"] as? Int ?? 0)
            if received.count == 2 { break }
        }
        #expect(received == [1, 2])
    }
}
