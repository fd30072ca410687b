import ArbiterKit
import Testing

/// A catalogue service as an actor, which retries a failed fetch after a sleep, as apps write it.
actor CatalogueService {
    private var attempts = 0
    private(set) var log: [String] = []

    func episodes() async throws -> [String] {
        attempts += 1
        log.append("fetch \(attempts)")
        if attempts == 1 {
            try await Task.sleep(for: .seconds(2))  // a retry after a moment
            return try await episodes()
        }
        return ["episode.mp3"]
    }
}

/// A main-actor view model that awaits the service, then plays what it got.
@MainActor final class EpisodesModel {
    let service = CatalogueService()
    let player = AVPlayer()
    private(set) var told: [String] = []

    func load() {
        Task { @MainActor in
            told.append("loading")
            let episodes = (try? await service.episodes()) ?? []
            // Back on the main actor after awaiting the actor that slept: still the app's code, on the phone.
            told.append("loaded \(episodes.count) on the main thread: \(Thread.isMainThread)")
            player.replaceCurrentItem(with: AVPlayerItem(url: URL(fileURLWithPath: "/media/\(episodes[0])")))
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
            player.play()
        }
    }
}

/// Every job of an app's code, main actor or not, and every sleep in it, runs on the phone's clock, in order.
@Suite struct AppTaskTests {
    @MainActor @Test func anActorServiceThatSleepsBeforeARetryRunsOnThePhonesClock() async throws {
        let phone = try SimulatedPhone()
        let model = try phone.install("Podcast", backgroundModes: [.audio]) { EpisodesModel() }
        phone.run(in: "Podcast") { model.load() }
        // The first fetch failed and sleeps two seconds of the phone's time: nothing more happens until then.
        #expect(await model.service.log == ["fetch 1"])
        #expect(model.told == ["loading"])
        phone.advance(by: .ms(1999))
        #expect(await model.service.log == ["fetch 1"])
        phone.advance(by: .ms(1))
        #expect(await model.service.log == ["fetch 1", "fetch 2"])
        #expect(model.told == ["loading", "loaded 1 on the main thread: true"])
        #expect(phone.engine.player("avPlayer", of: "Podcast")?.state == .playing)
        #expect(phone.now == .ms(2000))
    }
}

/// An app that turns interruptions into an `AsyncStream` and handles them in a task of its own (not main-actor
/// code), waiting half a second after an interruption ends before it resumes, as apps that debounce do.
final class StreamedInterruptions: @unchecked Sendable {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/station.mp3"))
    private(set) var log: [String] = []
    private var handler: Task<Void, Never>?

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        let (stream, continuation) = AsyncStream.makeStream(of: UInt.self)
        NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: nil, queue: nil
        ) { note in
            continuation.yield(note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt ?? 0)
        }
        handler = Task { [weak self] in
            for await raw in stream {
                guard let self else { return }
                if raw == AVAudioSession.InterruptionType.ended.rawValue {
                    try? await Task.sleep(nanoseconds: 500_000_000)
                    log.append("\(CACurrentMediaTime()) resuming")
                    play()
                } else {
                    log.append("\(CACurrentMediaTime()) began")
                }
            }
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }
}

extension AppTaskTests {
    @Test func aStreamOfNotificationsHandledInATaskOfItsOwnRunsOnThePhonesClock() throws {
        let phone = try SimulatedPhone()
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { StreamedInterruptions() }
        phone.run(in: "Radio") { radio.play() }
        phone.advance(by: .seconds(1))
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(1))
        phone.send(.system(.endCall))
        #expect(phone.engine.player("station", of: "Radio")?.state != .playing)
        phone.advance(by: .ms(499))
        #expect(radio.log == ["1.0 began"])
        phone.advance(by: .ms(1))
        #expect(radio.log == ["1.0 began", "2.5 resuming"])
        #expect(phone.engine.player("station", of: "Radio")?.state == .playing)
    }
}

/// A detached task of the app's code: it shares none of its creator's task-local values, yet runs as the app's.
final class DetachedLoader: @unchecked Sendable {
    private(set) var category: AVAudioSession.Category?

    func load() {
        Task.detached { [self] in
            try? await Task.sleep(for: .seconds(1))
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            category = AVAudioSession.sharedInstance().category
        }
    }
}

extension AppTaskTests {
    @Test func aDetachedTaskIsTheAppsCodeToo() throws {
        let phone = try SimulatedPhone()
        let loader = try phone.install("Loader") { DetachedLoader() }
        phone.run(in: "Loader") { loader.load() }
        #expect(loader.category == nil)
        phone.advance(by: .seconds(1))
        #expect(loader.category == .playback)
        #expect(phone.engine.app("Loader")?.session.category == .playback)
    }
}
