/// Players: play, pause, stop, record. Playing activates the session, as AVFoundation players do.
extension Engine {
    /// The players an action names: the one called `name`, or every player (recorders excluded). The names were
    /// checked before (`playerProblem`).
    @inline(__always)  // called from mutating rules (performance conventions: mutating reads)
    func players(of i: Int, named name: String?) -> IndexList {
        var chosen = IndexList()
        // Naming no player, with no recorder among them: every player, without reading them.
        if name == nil && apps[i].playerCount == apps[i].players.count {
            for p in 0..<apps[i].playerCount { chosen.append(p) }
            return chosen
        }
        apps[i].players.withUnsafeBufferPointer { players in
            for p in players.indices where players.isNamed(p, by: name) {
                chosen.append(p)
                if name != nil { break }
            }
        }
        return chosen
    }

    /// The first of the players an action names, if any, and whether it is a recorder (without listing them all;
    /// performance conventions: in-place reads).
    @inline(__always)
    func firstPlayer(of i: Int, named name: String?) -> (index: Int, isRecorder: Bool)? {
        apps[i].players.withUnsafeBufferPointer { players in
            for p in players.indices where players.isNamed(p, by: name) { return (p, players[p].kind.isRecorder) }
            return nil
        }
    }

    /// Plays the players `name` names. A systemMusicPlayer among them starts the Music app instead, after the app's
    /// own players. `asForeground`: asked by the app in front (the Music app playing for a systemMusicPlayer).
    mutating func play(
        _ i: Int, player name: String?, asForeground: Bool = false,
        _ effects: inout Effects
    ) -> StepResult {
        var chosen = players(of: i, named: name)
        let musicAppHandle = takeMusicAppHandles(from: &chosen, of: i)
        if !chosen.isEmpty {
            if apps[i].lifecycle != .foreground {
                let category = apps[i].session.category
                if !apps[i].hasAudioBackgroundMode || !category.traits.playsInBackground {
                    return .failed(SessionError(.cannotStartPlaying, .backgroundPlaybackNeedsAudioMode))
                }
            }
            let activation = activate(i, rule: .playingActivates, asForeground: asForeground, &effects)
            if case .failed(let error) = activation { return .failed(error) }
            for k in chosen.indices { setPlayer(i, chosen[k], .playing, rule: .playerPlays, &effects) }
            if !apps[i].session.isMixable {
                playCounter += 1
                apps[i].nonMixablePlaySerial = playCounter
            }
        }
        if let (handle, m) = musicAppHandle { return playInMusicApp(for: i, handle: handle, musicApp: m, &effects) }
        return .succeeded
    }

    /// Pauses or stops the players `name` names; a systemMusicPlayer among them pauses or stops the Music app.
    mutating func halt(_ i: Int, player name: String?, to state: PlayerState, _ effects: inout Effects) -> StepResult {
        var chosen = players(of: i, named: name)
        let musicAppHandle = takeMusicAppHandles(from: &chosen, of: i)
        for k in chosen.indices where apps[i].players[chosen[k]].state != .stopped {
            setPlayer(i, chosen[k], state, rule: .playerPlays, &effects)
        }
        if let (_, m) = musicAppHandle { return halt(m, player: nil, to: state, &effects) }
        return .succeeded
    }

    /// The app's recorder, implied when none is declared.
    mutating func recorderIndex(_ i: Int) -> Int {
        if let index = apps[i].players.firstIndex(where: { $0.kind.isRecorder }) { return index }
        apps.appendPlayer(Player(PlayerConfig(name: "recorder", kind: .recorder)), to: i)
        return apps[i].players.count - 1
    }

    mutating func record(_ i: Int, _ effects: inout Effects) -> StepResult {
        let category = apps[i].session.category
        if !category.traits.hasInput {
            return .failed(SessionError(.incompatibleCategory, .recordingNeedsInputCategory))
        }
        if apps[i].lifecycle != .foreground && !apps[i].isRecording
            && (!apps[i].hasAudioBackgroundMode || apps[i].session.isMixable)
        {
            return .failed(SessionError(.cannotStartRecording, .backgroundRecordingNeedsAudioMode))
        }
        if device.builtInMicMuted && !apps[i].isRecording && mutedMicSilences(i) {
            return .failed(SessionError(.resourceNotAvailable, .mutedMicCannotStartInput))
        }
        if case .failed(let error) = activate(i, rule: .playingActivates, &effects) { return .failed(error) }
        setPlayer(i, recorderIndex(i), .playing, rule: .recorderRecords, &effects)
        return .succeeded
    }

    mutating func stopRecording(_ i: Int, _ effects: inout Effects) -> StepResult {
        guard let r = apps[i].players.firstIndex(where: { $0.kind.isRecorder }), apps[i].players[r].isRunning else {
            return .succeeded
        }
        setPlayer(i, r, .stopped, rule: .recorderRecords, &effects)
        return .succeeded
    }
}

extension Rule {
    static let playingActivates = Rule(
        id: "playback.activates-session",
        statement: "AVFoundation players and recorders activate the session themselves when they start",
        source: "ASPG ConfiguringanAudioSession; ASPG14 p.27",
        evidence: .documented)
    static let playerPlays = Rule(
        id: "playback.player-state",
        statement: "the app's call sets the player's state",
        source: "the app's own code",
        evidence: .model)
    static let recorderRecords = Rule(
        id: "playback.recorder-state",
        statement: "the app's call starts or stops its recorder",
        source: "the app's own code",
        evidence: .model)
    static let backgroundPlaybackNeedsAudioMode = Rule(
        id: "background.cannot-start-playing",
        statement: "starting playback in the background needs the audio background mode and a category that plays "
            + "in the background (not ambient or soloAmbient): cannotStartPlaying",
        source: "HERR ('!pla'); ASPG Table B-1; QA1668",
        evidence: .documented)
    static let backgroundRecordingNeedsAudioMode = Rule(
        id: "background.cannot-start-recording",
        statement: "starting to record in the background needs the audio background mode and a non-mixable session: "
            + "cannotStartRecording",
        source: "HERR ('!rec'); DOC:…/category-swift.struct/record",
        evidence: .documented)
    static let recordingNeedsInputCategory = Rule(
        id: "playback.recording-needs-input",
        statement: "recording needs a category with input (record, playAndRecord, multiRoute): incompatibleCategory",
        source: "HERR ('!cat'); ASPG Table B-1",
        evidence: .documented)
}
