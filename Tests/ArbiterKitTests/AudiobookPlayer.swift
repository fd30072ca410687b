#if os(iOS)
    import AVFoundation
    import MediaPlayer
#else
    import ArbiterKit
#endif

/// An audiobook player's remote-command code as such apps write it: skip buttons with its own intervals, a speed
/// menu, repeat and shuffle, press-and-hold seeking, star ratings, bookmarks and likes, each handler reading what the
/// command's event carries.
final class AudiobookPlayer {
    let player: AVPlayer
    /// What the handlers were given, in order (`"skipForward 30.0 at 60.0"`, ...).
    private(set) var heard: [String] = []
    private(set) var speed: Float = 1
    private(set) var repeatType: MPRepeatType = .off
    private(set) var shuffleType: MPShuffleType = .off
    private(set) var rating: Float?
    private(set) var bookmarked = false
    private(set) var liked = false

    init(book: URL) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio, options: [])
        player = AVPlayer(url: book)
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [unowned self] _ in
            play()
            return .success
        }
        commands.pauseCommand.addTarget { [unowned self] _ in
            player.pause()
            publish()
            return .success
        }

        commands.skipForwardCommand.preferredIntervals = [30]
        commands.skipForwardCommand.addTarget { [unowned self] event in
            guard let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            heard.append("skipForward \(event.interval) at \(event.timestamp)")
            skip(by: event.interval)
            return .success
        }
        commands.skipBackwardCommand.preferredIntervals = [10, 30]
        commands.skipBackwardCommand.addTarget { [unowned self] event in
            guard let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            heard.append("skipBackward \(event.interval)")
            skip(by: -event.interval)
            return .success
        }

        commands.changePlaybackRateCommand.supportedPlaybackRates = [0.75, 1, 1.5, 2]
        commands.changePlaybackRateCommand.addTarget { [unowned self] event in
            guard let event = event as? MPChangePlaybackRateCommandEvent else { return .commandFailed }
            heard.append("changePlaybackRate \(event.playbackRate)")
            speed = event.playbackRate
            if player.rate != 0 { player.rate = speed }
            publish()
            return .success
        }

        commands.changeRepeatModeCommand.addTarget { [unowned self] event in
            guard let event = event as? MPChangeRepeatModeCommandEvent else { return .commandFailed }
            heard.append("changeRepeatMode \(event.repeatType.rawValue) preserves \(event.preservesRepeatMode)")
            repeatType = event.repeatType
            MPRemoteCommandCenter.shared().changeRepeatModeCommand.currentRepeatType = event.repeatType
            return .success
        }
        commands.changeShuffleModeCommand.addTarget { [unowned self] event in
            guard let event = event as? MPChangeShuffleModeCommandEvent else { return .commandFailed }
            heard.append("changeShuffleMode \(event.shuffleType.rawValue) preserves \(event.preservesShuffleMode)")
            shuffleType = event.shuffleType
            MPRemoteCommandCenter.shared().changeShuffleModeCommand.currentShuffleType = event.shuffleType
            return .success
        }

        commands.seekForwardCommand.addTarget { [unowned self] event in
            guard let event = event as? MPSeekCommandEvent else { return .commandFailed }
            heard.append("seekForward \(event.type == .beginSeeking ? "begin" : "end")")
            return .success
        }

        commands.ratingCommand.minimumRating = 1
        commands.ratingCommand.maximumRating = 5
        commands.ratingCommand.addTarget { [unowned self] event in
            guard let event = event as? MPRatingCommandEvent else { return .commandFailed }
            heard.append("rating \(event.rating)")
            rating = event.rating
            return .success
        }

        commands.bookmarkCommand.localizedTitle = "Bookmark this chapter"
        commands.bookmarkCommand.localizedShortTitle = "Bookmark"
        commands.bookmarkCommand.addTarget { [unowned self] event in
            guard let event = event as? MPFeedbackCommandEvent else { return .commandFailed }
            heard.append("bookmark negative \(event.isNegative)")
            bookmarked = !event.isNegative
            MPRemoteCommandCenter.shared().bookmarkCommand.isActive = bookmarked
            return .success
        }
        commands.likeCommand.addTarget { [unowned self] event in
            guard let event = event as? MPFeedbackCommandEvent else { return .commandFailed }
            heard.append("like negative \(event.isNegative)")
            liked = !event.isNegative
            return .success
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
        if speed != 1 { player.rate = speed }
        publish()
    }

    private func skip(by seconds: TimeInterval) {
        let to = max(player.currentTime().seconds + seconds, 0)
        player.seek(to: CMTime(seconds: to, preferredTimescale: 1000))
        publish()
    }

    func publish() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Chapter 3",
            MPMediaItemPropertyAlbumTitle: "The Book",
            MPMediaItemPropertyArtist: "The Author",
            MPMediaItemPropertyPlaybackDuration: player.currentItem?.duration.seconds ?? 0,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: player.currentTime().seconds,
            MPNowPlayingInfoPropertyPlaybackRate: player.rate,
            MPNowPlayingInfoPropertyDefaultPlaybackRate: speed,
            MPNowPlayingInfoPropertyMediaType: MPNowPlayingInfoMediaType.audio.rawValue,
            MPNowPlayingInfoPropertyChapterNumber: 2,
            MPNowPlayingInfoPropertyChapterCount: 12,
        ]
    }
}
