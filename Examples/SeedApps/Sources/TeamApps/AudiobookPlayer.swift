#if os(iOS)
    import AVFoundation
    import Combine
    import Foundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// Where the listener stopped in each book: the app keeps it in `UserDefaults`; tests give a store of their own.
public protocol ListeningPositionStore: AnyObject {
    func position(forBook id: String) -> Double?
    func savePosition(_ seconds: Double, forBook id: String)
}

extension UserDefaults: ListeningPositionStore {
    public func position(forBook id: String) -> Double? {
        object(forKey: "position." + id) == nil ? nil : double(forKey: "position." + id)
    }

    public func savePosition(_ seconds: Double, forBook id: String) {
        set(seconds, forKey: "position." + id)
    }
}

/// An audiobook app's player model, on the main actor: one book on an `AVPlayer`, its title and length read from
/// the file (iOS 15's async loading), the chapters the catalogue gives as `CMTime`s, skips of 30 seconds kept inside
/// the book, a listening speed, the position saved as it plays, and the lock screen kept in step with all of it. Its
/// state is published for the player screen.
@MainActor
public final class AudiobookPlayer: ObservableObject {
    public struct Chapter: Equatable {
        public let title: String
        public let start: CMTime

        public init(title: String, startingAt seconds: Double) {
            self.title = title
            start = CMTime(seconds: seconds, preferredTimescale: AudiobookPlayer.timescale)
        }
    }

    /// Skips and the lock screen's skip buttons move by this much.
    public nonisolated static let skipInterval: Double = 30
    /// The speeds the app's speed button cycles through, and the lock screen offers.
    public nonisolated static let speeds: [Float] = [0.75, 1, 1.25, 1.5, 2]
    /// The position is saved this often while the book plays.
    public nonisolated static let saveInterval: Double = 5
    nonisolated static let timescale: CMTimeScale = 600

    public let bookID: String
    public let player: AVPlayer
    public let chapters: [Chapter]

    public private(set) var title: String
    public private(set) var author: String?
    public private(set) var duration: CMTime = .indefinite
    @Published public private(set) var currentChapterIndex = 0
    @Published public private(set) var isPlaying = false
    /// The listener's speed: what `play()` plays at.
    @Published public private(set) var speed: Float = 1

    private let asset: AVURLAsset
    private let positions: ListeningPositionStore
    private var observers: [NSObjectProtocol] = []
    private var cancellables = Set<AnyCancellable>()
    private var commandTargets: [(MPRemoteCommand, Any)] = []
    private var periodicObserver: Any?
    private var boundaryObserver: Any?

    public init(
        bookID: String, url: URL, chapters: [Chapter], positions: ListeningPositionStore = UserDefaults.standard
    ) {
        self.bookID = bookID
        self.chapters = chapters
        self.positions = positions
        title = url.deletingPathExtension().lastPathComponent
        asset = AVURLAsset(url: url)
        player = AVPlayer(playerItem: AVPlayerItem(asset: asset))
        player.automaticallyWaitsToMinimizeStalling = false

        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio, options: [])
        } catch {
            print("Audiobook: could not set the audio session category: \(error)")
        }
        observeSession()
        observePlayer()
        setUpRemoteCommands()
        Task { await loadBook() }
    }

    // MARK: Loading

    /// Reads the title, author and length from the file, goes back to where the listener stopped, and fills the
    /// lock screen.
    func loadBook() async {
        do {
            let (duration, metadata) = try await asset.load(.duration, .commonMetadata)
            self.duration = duration
            if let item = AVMetadataItem.metadataItems(from: metadata, filteredByIdentifier: .commonIdentifierTitle)
                .first
            {
                let bookTitle: String? = try await item.load(.stringValue)
                if let bookTitle { title = bookTitle }
            }
            author =
                AVMetadataItem.metadataItems(from: metadata, filteredByIdentifier: .commonIdentifierArtist)
                .first?.stringValue
        } catch {
            print("Audiobook: could not load \(bookID): \(error)")
        }
        if let saved = positions.position(forBook: bookID), saved > 0 {
            let position = CMTime(seconds: saved, preferredTimescale: Self.timescale)
            _ = await player.seek(to: clamped(position), toleranceBefore: .zero, toleranceAfter: .zero)
        }
        updateChapter()
        watchChapterStarts()
        updateNowPlaying()
    }

    // MARK: Transport

    public func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            print("Audiobook: could not activate the audio session: \(error)")
            return
        }
        player.playImmediately(atRate: speed)
        isPlaying = true
        updateNowPlaying()
    }

    public func pause() {
        player.pause()
        isPlaying = false
        savePosition()
        updateNowPlaying()
    }

    public func togglePlayPause() {
        isPlaying ? pause() : play()
    }

    /// Moves by `seconds` (negative: back), never before the start nor past the end of the book.
    public func skip(by seconds: Double) {
        let offset = CMTime(seconds: seconds, preferredTimescale: Self.timescale)
        seek(to: CMTimeAdd(player.currentTime(), offset))
    }

    public func skipForward() { skip(by: Self.skipInterval) }
    public func skipBackward() { skip(by: -Self.skipInterval) }

    /// Goes to the start of chapter `index`.
    public func jumpToChapter(_ index: Int) {
        guard chapters.indices.contains(index) else { return }
        seek(to: chapters[index].start)
    }

    /// Seeks at once, so that a second tap on a skip button counts from where the first one went.
    public func seek(to time: CMTime) {
        let target = clamped(time)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { [weak self] finished in
            guard finished else { return }
            Task { @MainActor in self?.seekFinished() }
        }
    }

    private func seekFinished() {
        updateChapter()
        savePosition()
        updateNowPlaying()
    }

    /// Sets the listening speed; the book plays on at it when it plays.
    public func setSpeed(_ newSpeed: Float) {
        speed = newSpeed
        player.defaultRate = newSpeed
        if isPlaying { player.rate = newSpeed }
        updateNowPlaying()
    }

    private func clamped(_ time: CMTime) -> CMTime {
        let notBeforeStart = CMTimeMaximum(time, .zero)
        return duration.isNumeric ? CMTimeMinimum(notBeforeStart, duration) : notBeforeStart
    }

    // MARK: Chapters

    public var currentChapter: Chapter? {
        chapters.indices.contains(currentChapterIndex) ? chapters[currentChapterIndex] : nil
    }

    /// The chapter the player's time is in: the last one that starts at or before it.
    private func updateChapter() {
        let now = player.currentTime()
        currentChapterIndex = chapters.lastIndex { $0.start <= now } ?? 0
    }

    /// A boundary observer at each chapter start (after the first) moves the chapter on and updates the lock screen.
    private func watchChapterStarts() {
        if let boundaryObserver { player.removeTimeObserver(boundaryObserver) }
        let starts = chapters.dropFirst().map { NSValue(time: $0.start) }
        guard !starts.isEmpty else { return }
        boundaryObserver = player.addBoundaryTimeObserver(forTimes: starts, queue: .main) { [weak self] in
            MainActor.assumeIsolated {
                self?.updateChapter()
                self?.updateNowPlaying()
            }
        }
    }

    // MARK: Observers

    private func observePlayer() {
        let interval = CMTime(seconds: Self.saveInterval, preferredTimescale: Self.timescale)
        periodicObserver = player.addPeriodicTimeObserver(forInterval: interval, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.savePosition() }
        }
        player.publisher(for: \.timeControlStatus)
            .map { $0 != .paused }
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] playing in self?.timeControlStatusChanged(playing: playing) }
            .store(in: &cancellables)
        NotificationCenter.default.publisher(for: .AVPlayerItemDidPlayToEndTime, object: player.currentItem)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.finishedBook() }
            .store(in: &cancellables)
    }

    /// The player started or stopped by itself (the end of the book, an interruption, a route that went away).
    private func timeControlStatusChanged(playing: Bool) {
        guard isPlaying != playing else { return }
        isPlaying = playing
        updateNowPlaying()
    }

    private func observeSession() {
        observers.append(
            NotificationCenter.default.addObserver(
                forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: .main
            ) { [weak self] note in
                guard let info = note.userInfo,
                    let typeValue = info[AVAudioSessionInterruptionTypeKey] as? UInt,
                    let type = AVAudioSession.InterruptionType(rawValue: typeValue)
                else { return }
                let optionsValue = info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
                let shouldResume = AVAudioSession.InterruptionOptions(rawValue: optionsValue).contains(.shouldResume)
                MainActor.assumeIsolated { self?.interrupted(type, shouldResume: shouldResume) }
            })
    }

    private func interrupted(_ type: AVAudioSession.InterruptionType, shouldResume: Bool) {
        switch type {
        case .began:
            // The system has paused the player already.
            isPlaying = false
            savePosition()
            updateNowPlaying()
        case .ended:
            if shouldResume { play() }
        @unknown default:
            break
        }
    }

    private func finishedBook() {
        isPlaying = false
        positions.savePosition(0, forBook: bookID)
        updateNowPlaying()
    }

    private func savePosition() {
        let seconds = CMTimeGetSeconds(player.currentTime())
        guard seconds.isFinite else { return }
        positions.savePosition(seconds, forBook: bookID)
    }

    // MARK: Lock screen

    private func setUpRemoteCommands() {
        let center = MPRemoteCommandCenter.shared()
        add(center.playCommand) { [weak self] _ in
            self?.play()
            return .success
        }
        add(center.pauseCommand) { [weak self] _ in
            self?.pause()
            return .success
        }
        add(center.togglePlayPauseCommand) { [weak self] _ in
            self?.togglePlayPause()
            return .success
        }

        center.skipForwardCommand.preferredIntervals = [NSNumber(value: Self.skipInterval)]
        center.skipBackwardCommand.preferredIntervals = [NSNumber(value: Self.skipInterval)]
        add(center.skipForwardCommand) { [weak self] event in
            guard let self, let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            self.skip(by: event.interval)
            return .success
        }
        add(center.skipBackwardCommand) { [weak self] event in
            guard let self, let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            self.skip(by: -event.interval)
            return .success
        }
        add(center.changePlaybackPositionCommand) { [weak self] event in
            guard let self, let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            self.seek(to: CMTime(seconds: event.positionTime, preferredTimescale: Self.timescale))
            return .success
        }
        center.changePlaybackRateCommand.supportedPlaybackRates = Self.speeds.map { NSNumber(value: $0) }
        add(center.changePlaybackRateCommand) { [weak self] event in
            guard let self, let event = event as? MPChangePlaybackRateCommandEvent,
                Self.speeds.contains(event.playbackRate)
            else { return .commandFailed }
            self.setSpeed(event.playbackRate)
            return .success
        }

        // Skip buttons replace next and previous on the lock screen.
        center.nextTrackCommand.isEnabled = false
        center.previousTrackCommand.isEnabled = false
    }

    private func add(
        _ command: MPRemoteCommand,
        _ handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus
    ) {
        command.isEnabled = true
        commandTargets.append((command, command.addTarget(handler: handler)))
    }

    private func updateNowPlaying() {
        var info: [String: Any] = [
            MPMediaItemPropertyTitle: title,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: CMTimeGetSeconds(player.currentTime()),
            MPNowPlayingInfoPropertyPlaybackRate: isPlaying ? speed : 0,
            MPNowPlayingInfoPropertyDefaultPlaybackRate: speed,
        ]
        if duration.isNumeric { info[MPMediaItemPropertyPlaybackDuration] = CMTimeGetSeconds(duration) }
        if let author { info[MPMediaItemPropertyArtist] = author }
        if let chapter = currentChapter { info[MPMediaItemPropertyAlbumTitle] = chapter.title }
        MPNowPlayingInfoCenter.default().nowPlayingInfo = info
    }
}
