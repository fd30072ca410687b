import ArbiterEngine
import ArbiterKit
import Testing

/// A player screen's view model, written the way iOS apps write Combine audio code: the player's state is
/// `@Published`, the session's interruptions come through `NotificationCenter`'s publisher, and a scrubber's position
/// is debounced before the player seeks.
final class EpisodeViewModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var isPlaying = false
    @Published var scrubPosition: Double = 0
    let player: AVPlayer
    private var cancellables = Set<AnyCancellable>()
    private(set) var log: [String] = []

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        player = AVPlayer(url: URL(fileURLWithPath: "/media/episode.mp3"))

        player.publisher(for: \.timeControlStatus)
            .map { $0 == .playing }
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .assign(to: &$isPlaying)

        $isPlaying
            .dropFirst()
            .sink { [weak self] playing in self?.note("isPlaying \(playing)") }
            .store(in: &cancellables)

        NotificationCenter.default.publisher(for: AVAudioSession.interruptionNotification)
            .compactMap { note -> (AVAudioSession.InterruptionType, AVAudioSession.InterruptionOptions)? in
                guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                    let type = AVAudioSession.InterruptionType(rawValue: raw)
                else { return nil }
                let options = note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
                return (type, AVAudioSession.InterruptionOptions(rawValue: options))
            }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] type, options in self?.interrupted(type, options) }
            .store(in: &cancellables)

        $scrubPosition
            .dropFirst()
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .sink { [weak self] seconds in
                guard let self else { return }
                player.seek(to: CMTime(seconds: seconds, preferredTimescale: 600))
                note("seek \(seconds)")
            }
            .store(in: &cancellables)
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }

    private func interrupted(_ type: AVAudioSession.InterruptionType, _ options: AVAudioSession.InterruptionOptions) {
        switch type {
        case .began:
            note("interruption began main=\(Thread.isMainThread)")
        case .ended:
            note("interruption ended resume=\(options.contains(.shouldResume))")
            if options.contains(.shouldResume) { play() }
        @unknown default:
            break
        }
    }

    private func note(_ line: String) { log.append("\(CACurrentMediaTime()) \(line)") }
}

/// Values a test's code collects from publishers it subscribes to inside an app's code.
final class Collected<Value>: @unchecked Sendable {
    var values: [Value] = []
    var cancellables = Set<AnyCancellable>()
}

@Suite struct CombineTests {
    func phoneWithEpisode() throws -> (SimulatedPhone, EpisodeViewModel) {
        let phone = try SimulatedPhone()
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800)
        let model = try phone.install("Podcast", backgroundModes: [.audio]) { EpisodeViewModel() }
        return (phone, model)
    }

    /// Plays, takes a call at 10 s, declines it at 15 s, scrubs at 20 s: the view model's log.
    func callAndScrub() throws -> (SimulatedPhone, EpisodeViewModel) {
        let (phone, model) = try phoneWithEpisode()
        phone.run(in: "Podcast") { model.play() }
        phone.advance(by: .seconds(10))
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        phone.advance(by: .seconds(5))
        for position in [100.0, 200, 300] {
            phone.run(in: "Podcast") { model.scrubPosition = position }
            phone.advance(by: .ms(100))
        }
        phone.advance(by: .seconds(1))
        return (phone, model)
    }

    @Test func publishedStateFollowsThePlayerAndTheInterruptionAtThePhonesTime() throws {
        let (phone, model) = try phoneWithEpisode()
        phone.run(in: "Podcast") { model.play() }
        #expect(model.isPlaying)
        phone.advance(by: .seconds(10))
        phone.send(.system(.incomingCall))
        #expect(!model.isPlaying)
        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        #expect(model.isPlaying)
        // The interruption's sink runs after the delivery that posted it, before the player's state is read again.
        // The first value is the one .initial read at launch (@Published sends each assignment, equal or not).
        #expect(
            model.log == [
                "0.0 isPlaying false",
                "0.0 isPlaying true",
                "10.0 interruption began main=true",
                "10.0 isPlaying false",
                "15.0 interruption ended resume=true",
                "15.0 isPlaying true",
            ])
        // The sink's play() is a call of the app at 15 s.
        #expect(
            phone.transcript.contains {
                $0.outcome.time == .seconds(15) && $0.cause == .code("Podcast", "AVPlayer(episode).play()")
            })
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aDebouncedScrubSeeksOnceAtThePhonesTime() throws {
        let (phone, model) = try phoneWithEpisode()
        phone.run(in: "Podcast") { model.play() }
        phone.advance(by: .seconds(20))
        for position in [100.0, 200, 300] {
            phone.run(in: "Podcast") { model.scrubPosition = position }
            phone.advance(by: .ms(100))
        }
        // The last change was at 20.2 s: nothing until 20.5 s.
        phone.advance(by: .ms(199))
        #expect(!model.log.contains { $0.contains("seek") })
        phone.advance(by: .ms(1))
        #expect(model.log.last == "20.5 seek 300.0")
        #expect(model.player.currentTime().seconds == 300)
        let seeks = phone.transcript.filter {
            if case .code("Podcast", let call) = $0.cause { return call.contains("seek") }
            return false
        }
        #expect(seeks.map(\.outcome.time) == [.ms(20_500)])
        // The debounce's timer is cancelled once it fired: time passes with no more wakes.
        let before = phone.transcript.count
        phone.advance(by: .seconds(10))
        #expect(phone.transcript.count == before + 1)
    }

    @Test func objectWillChangeFiresBeforeEachPublishedChange() throws {
        let (phone, model) = try phoneWithEpisode()
        let changes = Collected<Bool>()
        model.objectWillChange.sink { [unowned model] in changes.values.append(model.isPlaying) }
            .store(in: &changes.cancellables)
        phone.run(in: "Podcast") { model.play() }
        phone.send(.system(.incomingCall))
        // Each fires before its change: the old values.
        #expect(changes.values == [false, true])
    }

    @Test func theSameScenarioGivesTheSameValuesAtTheSameTimesEveryRun() throws {
        let (firstPhone, first) = try callAndScrub()
        #expect(
            first.log == [
                "0.0 isPlaying false",
                "0.0 isPlaying true",
                "10.0 interruption began main=true",
                "10.0 isPlaying false",
                "15.0 interruption ended resume=true",
                "15.0 isPlaying true",
                "20.5 seek 300.0",
            ])
        let transcript = firstPhone.transcript.map(\.description)
        for _ in 0..<5 {
            let (phone, model) = try callAndScrub()
            #expect(model.log == first.log)
            #expect(phone.transcript.map(\.description) == transcript)
        }
    }

    // MARK: Key-value observing publishers

    func values<Value: Equatable & Sendable>(
        of keyPath: KeyPath<AVPlayer, Value>, options: NSKeyValueObservingOptions
    ) throws -> (subscribed: [Value], played: [Value], paused: [Value]) {
        let (phone, model) = try phoneWithEpisode()
        let collected = Collected<Value>()
        phone.run(in: "Podcast") {
            model.player.publisher(for: keyPath, options: options)
                .sink { collected.values.append($0) }
                .store(in: &collected.cancellables)
        }
        let subscribed = collected.values
        phone.run(in: "Podcast") { model.play() }
        let played = collected.values
        phone.run(in: "Podcast") { model.player.pause() }
        return (subscribed, played, collected.values)
    }

    @Test func aKeyValuePublisherSendsTheInitialValueOnlyWithInitial() throws {
        let defaults = try values(of: \.rate, options: [.initial, .new])
        #expect(defaults.subscribed == [0])
        #expect(defaults.played == [0, 1])
        #expect(defaults.paused == [0, 1, 0])
        let newOnly = try values(of: \.timeControlStatus, options: [.new])
        #expect(newOnly.subscribed == [])
        #expect(newOnly.paused == [.playing, .paused])
        // Without .new a change is still sent: the option fills a change dictionary, which a publisher has not.
        let none = try values(of: \.rate, options: [])
        #expect(none.paused == [1, 0])
    }

    @Test func aKeyValuePublisherWithPriorSendsTheOldValueBeforeEachChange() throws {
        let prior = try values(of: \.rate, options: [.prior])
        #expect(prior.subscribed == [])
        #expect(prior.played == [0, 1])
        #expect(prior.paused == [0, 1, 1, 0])
        let both = try values(of: \.timeControlStatus, options: [.initial, .prior])
        #expect(both.paused == [.paused, .paused, .playing, .playing, .paused])
    }

    @Test func aStreamedItemsStatusAndDurationArriveWhenItLoads() throws {
        let phone = try SimulatedPhone()
        phone.media["show.mp3"] = SimulatedMedia(duration: 600)
        let statuses = Collected<AVPlayerItem.Status>()
        let durations = Collected<Double>()
        let player = try phone.install("Radio", backgroundModes: [.audio]) {
            let player = AVPlayer(url: URL(string: "https://example.com/show.mp3")!)
            player.currentItem?.publisher(for: \.status)
                .sink { statuses.values.append($0) }
                .store(in: &statuses.cancellables)
            player.currentItem?.publisher(for: \.duration)
                .filter(\.isNumeric)
                .map(\.seconds)
                .sink { durations.values.append($0) }
                .store(in: &durations.cancellables)
            return player
        }
        #expect(statuses.values == [.unknown])
        #expect(durations.values.isEmpty)
        phone.advance(by: .seconds(3))
        phone.run(in: "Radio") {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            player.play()
        }
        #expect(statuses.values == [.unknown, .readyToPlay])
        #expect(durations.values == [600])
    }

    @Test func aQueuesCurrentItemPublisherFollowsTheQueue() throws {
        let phone = try SimulatedPhone()
        phone.media["one.mp3"] = SimulatedMedia(duration: 5)
        phone.media["two.mp3"] = SimulatedMedia(duration: 5)
        let collected = Collected<String>()
        let player = try phone.install("Radio", backgroundModes: [.audio]) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            let player = AVQueuePlayer(
                items: ["one", "two"].map {
                    AVPlayerItem(url: URL(fileURLWithPath: "/media/\($0).mp3"))
                })
            player.publisher(for: \.currentItem)
                .map { ($0?.asset as? AVURLAsset)?.url.lastPathComponent ?? "none" }
                .sink { collected.values.append("\(CACurrentMediaTime()) \($0)") }
                .store(in: &collected.cancellables)
            return player
        }
        phone.run(in: "Radio") {
            try? AVAudioSession.sharedInstance().setActive(true)
            player.play()
        }
        phone.advance(by: .seconds(2))
        phone.run(in: "Radio") { player.advanceToNextItem() }
        phone.advance(by: .seconds(1))
        #expect(collected.values == ["0.0 one.mp3", "2.0 two.mp3"])
    }

    @Test func aValueWithoutDemandIsKeptUntilAsked() throws {
        let (phone, model) = try phoneWithEpisode()
        var subscription: Subscription?
        var received: [Float] = []
        let subscriber = AnySubscriber<Float, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.max(1))
            },
            receiveValue: {
                received.append($0)
                return .none
            }
        )
        phone.run(in: "Podcast") { model.player.publisher(for: \.rate).subscribe(subscriber) }
        #expect(received == [0])
        phone.run(in: "Podcast") { model.play() }
        phone.run(in: "Podcast") { model.player.rate = 2 }
        #expect(received == [0])
        subscription?.request(.max(1))
        #expect(received == [0, 2])  // the latest only
        subscription?.cancel()
        phone.run(in: "Podcast") { model.player.pause() }
        subscription?.request(.max(1))
        #expect(received == [0, 2])
    }

    @Test func aCancelledKeyValuePublisherSendsNoMore() throws {
        let (phone, model) = try phoneWithEpisode()
        let collected = Collected<AVPlayer.TimeControlStatus>()
        var cancellable: AnyCancellable?
        phone.run(in: "Podcast") {
            cancellable = model.player.publisher(for: \.timeControlStatus).sink { collected.values.append($0) }
        }
        phone.run(in: "Podcast") { model.play() }
        cancellable = nil
        phone.run(in: "Podcast") { model.player.pause() }
        #expect(collected.values == [.paused, .playing])
        _ = cancellable
    }

    // MARK: Schedulers

    /// Runs `body` as Podcast's code at `time` (from 0), then lets time pass until 10 s; returns what it logged.
    func timeline(
        _ body: @escaping (Collected<String>) -> Void, sends: [(Time, Int)] = [],
        subject: PassthroughSubject<Int, Never> = PassthroughSubject()
    ) throws -> [String] {
        let (phone, _) = try phoneWithEpisode()
        let collected = Collected<String>()
        phone.run(in: "Podcast") { body(collected) }
        for (time, value) in sends {
            phone.advance(by: time - phone.now)
            phone.run(in: "Podcast") { subject.send(value) }
        }
        phone.advance(by: .seconds(10) - phone.now)
        return collected.values
    }

    @Test func throttleAndDelayCountThePhonesTime() throws {
        let subject = PassthroughSubject<Int, Never>()
        let sends: [(Time, Int)] = [(.ms(0), 1), (.ms(200), 2), (.ms(400), 3), (.ms(1200), 4), (.ms(1300), 5)]
        let throttled = try timeline(
            { collected in
                subject.throttle(for: .seconds(1), scheduler: DispatchQueue.main, latest: true)
                    .sink { collected.values.append("\(CACurrentMediaTime()) \($0)") }
                    .store(in: &collected.cancellables)
            }, sends: sends, subject: subject)
        #expect(throttled == ["0.0 1", "1.0 3", "2.0 5"])

        let other = PassthroughSubject<Int, Never>()
        let delayed = try timeline(
            { collected in
                other.delay(for: .milliseconds(1500), scheduler: DispatchQueue.main)
                    .sink { collected.values.append("\(CACurrentMediaTime()) \($0)") }
                    .store(in: &collected.cancellables)
            }, sends: [(.ms(0), 1), (.ms(200), 2)], subject: other)
        #expect(delayed == ["1.5 1", "1.7 2"])
    }

    @Test func receiveOnRunsAfterTheSendersCodeOnTheMainThread() throws {
        let subject = PassthroughSubject<Int, Never>()
        for scheduler in ["DispatchQueue.main", "RunLoop.main", "OperationQueue.main", "global"] {
            let lines = try timeline(
                { collected in
                    let log: (String) -> Void = {
                        collected.values.append("\(CACurrentMediaTime()) \($0) main=\(Thread.isMainThread)")
                    }
                    let received: AnyPublisher<Int, Never> =
                        switch scheduler {
                        case "DispatchQueue.main": subject.receive(on: DispatchQueue.main).eraseToAnyPublisher()
                        case "RunLoop.main": subject.receive(on: RunLoop.main).eraseToAnyPublisher()
                        case "OperationQueue.main": subject.receive(on: OperationQueue.main).eraseToAnyPublisher()
                        default: subject.receive(on: DispatchQueue.global()).eraseToAnyPublisher()
                        }
                    received.sink { log("received \($0)") }.store(in: &collected.cancellables)
                    subject.send(1)
                    log("sent 1")
                }, sends: [(.seconds(2), 2)], subject: subject)
            let main = scheduler != "global"
            #expect(
                lines == ["0.0 sent 1 main=true", "0.0 received 1 main=\(main)", "2.0 received 2 main=\(main)"],
                "\(scheduler)")
        }
    }

    @Test func runLoopAndOperationQueueDebounceOnThePhonesClock() throws {
        let subject = PassthroughSubject<Int, Never>()
        let sends: [(Time, Int)] = [(.ms(0), 1), (.ms(300), 2), (.ms(2000), 3)]
        let runLoop = try timeline(
            { collected in
                subject.debounce(for: 0.5, scheduler: RunLoop.main)
                    .sink { collected.values.append("\(CACurrentMediaTime()) \($0)") }
                    .store(in: &collected.cancellables)
            }, sends: sends, subject: subject)
        #expect(runLoop == ["0.8 2", "2.5 3"])
        let operations = try timeline(
            { collected in
                subject.debounce(for: .milliseconds(500), scheduler: OperationQueue.main)
                    .sink { collected.values.append("\(CACurrentMediaTime()) \($0)") }
                    .store(in: &collected.cancellables)
            }, sends: sends, subject: subject)
        #expect(operations == runLoop)
    }

    @Test func aSchedulersNowIsThePhonesTime() throws {
        let (phone, _) = try phoneWithEpisode()
        phone.advance(by: .ms(2500))
        let (dispatch, runLoop) = phone.run(in: "Podcast") { (DispatchQueue.main.now, RunLoop.main.now) }
        #expect(dispatch.distance(to: dispatch.advanced(by: .milliseconds(250))) == .milliseconds(250))
        #expect(runLoop.date == Date(timeIntervalSinceReferenceDate: 2.5))
        let later = phone.run(in: "Podcast") { DispatchQueue.main.now }
        #expect(dispatch.distance(to: later) == .zero)
        phone.advance(by: .seconds(1))
        #expect(dispatch.distance(to: phone.run(in: "Podcast") { DispatchQueue.main.now }) == .seconds(1))
    }

    @Test func aRepeatingScheduleFiresUntilCancelled() throws {
        let (phone, _) = try phoneWithEpisode()
        let collected = Collected<String>()
        var cancellable: Cancellable?
        phone.run(in: "Podcast") {
            let queue = DispatchQueue.main
            cancellable = queue.schedule(after: queue.now.advanced(by: .seconds(1)), interval: .milliseconds(500)) {
                collected.values.append("\(CACurrentMediaTime())")
            }
        }
        phone.advance(by: .seconds(2))
        cancellable?.cancel()
        phone.advance(by: .seconds(2))
        #expect(collected.values == ["1.0", "1.5", "2.0"])
    }

    @Test func outsideAnyAppAQueueSchedulesOnDispatch() async throws {
        let kept = Collected<Int>()
        let value = await withCheckedContinuation { continuation in
            // A serial queue: on a concurrent one the value and the completion may run in either order.
            Just(7).receive(on: DispatchQueue(label: "outside"))
                .sink { continuation.resume(returning: ($0, Thread.isMainThread)) }
                .store(in: &kept.cancellables)
        }
        #expect(value.0 == 7)
        #expect(!value.1)
    }

    // MARK: Timer publisher

    @Test func anAutoconnectedTimerPublisherFiresEachSecondOfThePhonesTime() throws {
        let (phone, _) = try phoneWithEpisode()
        let collected = Collected<Date>()
        phone.advance(by: .ms(500))
        phone.run(in: "Podcast") {
            Timer.publish(every: 1, on: .main, in: .common)
                .autoconnect()
                .sink { collected.values.append($0) }
                .store(in: &collected.cancellables)
        }
        phone.advance(by: .seconds(3))
        #expect(collected.values.map(\.timeIntervalSinceReferenceDate) == [1.5, 2.5, 3.5])
        collected.cancellables = []
        phone.advance(by: .seconds(3))
        #expect(collected.values.count == 3)
    }

    @Test func aConnectableTimerPublisherFiresOnlyOnceConnected() throws {
        let (phone, _) = try phoneWithEpisode()
        let collected = Collected<Double>()
        let publisher = phone.run(in: "Podcast") { Timer.publish(every: 0.25, on: .main, in: .default) }
        phone.run(in: "Podcast") {
            publisher.sink { collected.values.append($0.timeIntervalSinceReferenceDate) }
                .store(in: &collected.cancellables)
        }
        phone.advance(by: .seconds(1))
        #expect(collected.values.isEmpty)
        let connection = phone.run(in: "Podcast") { publisher.connect() }
        phone.advance(by: .ms(600))
        connection.cancel()
        phone.advance(by: .seconds(1))
        #expect(collected.values == [1.25, 1.5])
    }

    // MARK: Notification publisher

    @Test func aNotificationPublisherHearsItsAppsCenterOnly() throws {
        let phone = try SimulatedPhone()
        let radio = Collected<String>()
        let podcast = Collected<String>()
        for (name, collected) in [("Radio", radio), ("Podcast", podcast)] {
            try phone.install(AppID(name), backgroundModes: [.audio]) {
                NotificationCenter.default.publisher(
                    for: AVAudioSession.interruptionNotification,
                    object: AVAudioSession.sharedInstance()
                )
                .sink { note in collected.values.append("\(CACurrentMediaTime()) \(note.name.rawValue)") }
                .store(in: &collected.cancellables)
                return name
            }
        }
        phone.run(in: "Podcast") {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
        }
        phone.advance(by: .seconds(4))
        phone.run(in: "Podcast") { NotificationCenter.default.post(name: .init("Other"), object: nil) }
        phone.send(.system(.incomingCall))
        #expect(podcast.values == ["4.0 AVAudioSessionInterruptionNotification"])
        #expect(radio.values.isEmpty)
        phone.run(in: "Radio") {
            NotificationCenter.default.post(
                name: AVAudioSession.interruptionNotification,
                object: AVAudioSession.sharedInstance())
        }
        #expect(radio.values == ["4.0 AVAudioSessionInterruptionNotification"])
        #expect(podcast.values.count == 1)
        podcast.cancellables = []
        phone.send(.system(.declineCall))
        #expect(podcast.values.count == 1)
    }
}
