import ArbiterKit
import Testing

/// App code that hops to the main thread, as real apps write it: each hop runs on the phone's clock, in the app's
/// context, on its main thread, in the order it was sent.
final class MainThreadHopper: @unchecked Sendable {
    private(set) var log: [String] = []
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
    private var timer: Timer?
    private var observer: NSObjectProtocol?

    init() {
        observer = NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: nil, queue: .main
        ) { [unowned self] _ in
            // Work a handler sends on: it runs after the handler returns, still at the notification's instant.
            DispatchQueue.main.async { self.log.append("after interruption main=\(Thread.isMainThread)") }
            log.append("interruption")
        }
    }

    func loadInBackgroundThenPublish() {
        DispatchQueue.global(qos: .userInitiated).async {
            self.log.append("loaded main=\(Thread.isMainThread)")
            DispatchQueue.main.async {
                self.log.append("publish main=\(Thread.isMainThread)")
                MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: "Song"]
            }
        }
    }

    func playInTwoSeconds() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
            self.player.play()
            self.log.append("played at \(CACurrentMediaTime())")
        }
    }

    func startTicking() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [unowned self] timer in
            log.append("tick \(CACurrentMediaTime())")
            if log.filter({ $0.hasPrefix("tick") }).count == 3 { timer.invalidate() }
        }
    }

    func hopWithTask() {
        Task { @MainActor in
            self.log.append("task main=\(Thread.isMainThread)")
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: "From a task"]
        }
    }

    func hopWithOperationQueue() {
        OperationQueue.main.addOperation { self.log.append("operation main=\(Thread.isMainThread)") }
    }
}

@Suite struct MainThreadTests {
    func phoneWithHopper() throws -> (SimulatedPhone, MainThreadHopper) {
        let phone = try SimulatedPhone()
        let app = try phone.install("Hopper", backgroundModes: [.audio]) { MainThreadHopper() }
        return (phone, app)
    }

    @Test func blocksSentToQueuesRunInTheAppsContextBeforeRunReturns() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.loadInBackgroundThenPublish() }
        #expect(app.log == ["loaded main=false", "publish main=true"])
        #expect(phone.engine.app("Hopper")?.published?.info.title == "Song")
        #expect(phone.transcript.last?.cause == .code("Hopper", "MPNowPlayingInfoCenter.nowPlayingInfo = [title Song]"))
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func asyncAfterRunsAtThePhonesTime() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.playInTwoSeconds() }
        #expect(app.player.timeControlStatus == .paused)
        phone.advance(by: .ms(1999))
        #expect(app.log.isEmpty)
        phone.advance(by: .ms(1))
        #expect(app.log == ["played at 2.0"])
        #expect(app.player.timeControlStatus == .playing)
        #expect(
            phone.transcript.contains {
                $0.outcome.time == .seconds(2) && $0.cause == .code("Hopper", "AVPlayer(song).play()")
            })
    }

    @Test func aRepeatingTimerFiresEachIntervalUntilInvalidated() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.startTicking() }
        phone.advance(by: .seconds(10))
        #expect(app.log == ["tick 1.0", "tick 2.0", "tick 3.0"])
    }

    @Test func aMainActorTaskRunsOnThePhone() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.hopWithTask() }
        #expect(app.log == ["task main=true"])
        #expect(phone.engine.app("Hopper")?.published?.info.title == "From a task")
    }

    @Test func operationQueueMainRunsOnThePhone() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.hopWithOperationQueue() }
        #expect(app.log == ["operation main=true"])
    }

    @Test func workSentByAHandlerRunsAfterTheHandlerAtTheSameInstant() throws {
        let (phone, app) = try phoneWithHopper()
        phone.run(in: "Hopper") { app.playInTwoSeconds() }
        phone.advance(by: .seconds(5))
        phone.send(.system(.incomingCall))
        #expect(app.log.suffix(2) == ["interruption", "after interruption main=true"])
    }

    @Test func theOrderIsTheSameEveryRun() throws {
        func run() throws -> [String] {
            let (phone, app) = try phoneWithHopper()
            phone.run(in: "Hopper") {
                app.hopWithTask()
                app.loadInBackgroundThenPublish()
                app.hopWithOperationQueue()
                app.startTicking()
            }
            phone.advance(by: .seconds(2))
            return app.log
        }
        let first = try run()
        #expect(
            first == [
                "task main=true", "loaded main=false", "operation main=true", "publish main=true",
                "tick 1.0", "tick 2.0",
            ])
        for _ in 0..<20 { #expect(try run() == first) }
    }

    @Test func mainSyncOnTheMainThreadIsReported() throws {
        let (phone, _) = try phoneWithHopper()
        var ran = false
        withKnownIssue {
            phone.run(in: "Hopper") { DispatchQueue.main.sync { ran = true } }
        }
        #expect(ran)
        #expect(phone.diagnostics.first?.contains("DispatchQueue.main.sync was called on the main thread") == true)
    }

    @Test func outsideAnyAppTheQueuesAreDispatchs() async throws {
        let ran = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: true) }
        }
        #expect(ran)
    }
}

/// A player whose periodic time observer asks for every nanosecond, as some apps' progress bars do.
final class EagerProgress: @unchecked Sendable {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/long.mp3"))
    private(set) var times: [Double] = []
    private var token: Any?

    init() {
        token = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 1_000_000_000), queue: .main) {
            [unowned self] time in times.append(time.seconds)
        }
    }
}

@Suite struct PeriodicObserverCostTests {
    @Test func anObserverAskedForEveryNanosecondFiresOnceAFrame() throws {
        let phone = try SimulatedPhone()
        let app = try phone.install("Progress", backgroundModes: [.audio]) { EagerProgress() }
        phone.run(in: "Progress") {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            app.player.play()
        }
        let steps = phone.advance(by: .seconds(210))
        // Once when it starts playing, then every 17 ms (one frame of a 60 Hz screen) for 210 s.
        #expect(app.times.count == 1 + 210_000 / 17)
        #expect(app.times.prefix(3) == [0, 0.017, 0.034])
        // Time passing that decided nothing is not a step of its own: the transcript holds the advance's end only.
        #expect(steps.count == 1)
    }

    @Test func theShortestIntervalIsATunable() throws {
        let phone = try SimulatedPhone()
        phone.minimumTimeObserverInterval = .ms(100)
        let app = try phone.install("Progress", backgroundModes: [.audio]) { EagerProgress() }
        phone.run(in: "Progress") {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            app.player.play()
        }
        phone.advance(by: .seconds(1))
        #expect(app.times == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
    }
}

/// Main-actor code that awaits ArbiterKit's own async APIs (an asset's duration, a seek) stays on the phone: the
/// awaits do not leave the app's main thread, so what follows them runs at the same instant, every run.
@Suite struct MainActorAwaitTests {
    final class Loader: @unchecked Sendable {
        let player = AVPlayer(url: URL(fileURLWithPath: "/media/book.m4b"))
        private(set) var log: [String] = []

        func loadAndPublish() {
            Task { @MainActor in
                guard let asset = self.player.currentItem?.asset,
                    let duration = try? await asset.load(.duration)
                else { return }
                self.log.append("duration \(duration.seconds) main=\(Thread.isMainThread)")
                _ = await self.player.seek(to: CMTime(seconds: 60, preferredTimescale: 600))
                MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                    MPMediaItemPropertyTitle: "Book",
                    MPMediaItemPropertyPlaybackDuration: duration.seconds,
                    MPNowPlayingInfoPropertyElapsedPlaybackTime: self.player.currentTime().seconds,
                ]
                self.log.append("published")
            }
        }
    }

    @Test func awaitsInMainActorCodeFinishBeforeRunReturns() throws {
        for _ in 0..<20 {
            let phone = try SimulatedPhone()
            phone.media["book.m4b"] = SimulatedMedia(duration: 3600, title: "Book")
            let loader = try phone.install("Books", backgroundModes: [.audio]) { Loader() }
            phone.run(in: "Books") { loader.loadAndPublish() }
            #expect(loader.log == ["duration 3600.0 main=true", "published"])
            #expect(phone.engine.app("Books")?.published?.info.elapsed == 60)
        }
    }
}

/// A block the main thread sends to the main queue runs once that code has returned, not inside its next call.
@Test func mainQueueWorkWaitsForTheCodeThatSentIt() throws {
    final class Sender: @unchecked Sendable {
        let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
        var log: [String] = []
        func tap() {
            DispatchQueue.main.async { self.log.append("block") }
            Task { @MainActor in self.log.append("task") }
            log.append("before play")
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            player.play()
            log.append("after play")
        }
    }
    let phone = try SimulatedPhone()
    let app = try phone.install("Sender") { Sender() }
    phone.run(in: "Sender") { app.tap() }
    #expect(app.log == ["before play", "after play", "block", "task"])
}

/// A scheduled timer the code does not keep fires until it invalidates itself, as the run loop keeps it on iOS.
@Test func aScheduledTimerTheCodeDoesNotKeepStillFires() throws {
    final class Countdown: @unchecked Sendable {
        var ticks = 0
        func start() {
            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [unowned self] timer in
                ticks += 1
                if ticks == 3 { timer.invalidate() }
            }
            Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { [unowned self] _ in ticks += 100 }
        }
    }
    let phone = try SimulatedPhone()
    let app = try phone.install("Countdown") { Countdown() }
    phone.run(in: "Countdown") { app.start() }
    phone.advance(by: .seconds(20))
    #expect(app.ticks == 103)
}

/// `cancelAllOperations()` cancels what an operation queue has not run yet, blocks included, as on iOS.
@Test func cancelledOperationsDoNotRun() throws {
    final class Uploader: @unchecked Sendable {
        let queue = OperationQueue()
        var log: [String] = []
        var countBeforeCancel = 0
        func sendAndCancel() {
            queue.addOperation { self.log.append("block") }
            queue.addOperation(BlockOperation { self.log.append("operation") })
            countBeforeCancel = queue.operationCount
            queue.cancelAllOperations()
            OperationQueue.main.addOperation { self.log.append("main") }
        }
    }
    let phone = try SimulatedPhone()
    let app = try phone.install("Uploader") { Uploader() }
    phone.run(in: "Uploader") { app.sendAndCancel() }
    #expect(app.countBeforeCancel == 2)
    #expect(app.log == ["main"])
    #expect(app.queue.operationCount == 0)
}
