#if os(iOS)
    import AVFoundation
    import os.log
#else
    import ArbiterKit
    import ArbiterKitLog
#endif

/// A podcast app's catalogue, an actor as apps write their services: a fetch that fails the first time is retried
/// after a pause.
public actor EpisodeCatalogue {
    private var failuresLeft: Int
    public private(set) var fetches = 0

    public init(failingFirst failures: Int = 0) { failuresLeft = failures }

    public func episodes() async throws -> [URL] {
        fetches += 1
        if failuresLeft > 0 {
            failuresLeft -= 1
            try await Task.sleep(for: .seconds(3))  // back off, then try again
            return try await episodes()
        }
        return [URL(fileURLWithPath: "/media/episode-1.mp3"), URL(fileURLWithPath: "/media/episode-2.mp3")]
    }
}

/// The library screen's model, on the main actor: it awaits the catalogue, then queues and plays what it found.
@MainActor public final class EpisodeLibraryModel {
    public let catalogue: EpisodeCatalogue
    public let player = AVQueuePlayer()
    public private(set) var state = "idle"
    private let logger = Logger(subsystem: "com.example.podcasts", category: "library")

    public init(catalogue: EpisodeCatalogue) { self.catalogue = catalogue }

    public func open() {
        state = "loading"
        Task {
            do {
                let episodes = try await catalogue.episodes()
                for url in episodes { player.insert(AVPlayerItem(url: url), after: nil) }
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
                try AVAudioSession.sharedInstance().setActive(true)
                player.play()
                state = "playing \(episodes.count)"
                logger.info("playing \(episodes.count, privacy: .public) episodes")
            } catch {
                state = "failed"
                logger.error("the catalogue failed: \(error.localizedDescription, privacy: .public)")
            }
        }
    }
}
