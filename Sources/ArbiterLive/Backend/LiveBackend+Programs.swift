import ArbiterEngine
import ArbiterPipeWire

extension LiveBackend {
    /// How often a ramp under way takes a step, and how far ahead of the model each step is: a ramp's first step
    /// is taken at once, so a duck is heard to begin when it is decided.
    public static let rampStep = Time.ms(25)

    /// Makes the programs follow the engine, once the session has handled every event of the moment: a program
    /// the engine stopped is paused (`pause`), one it plays again that Arbiter paused is resumed (`resume`), and
    /// every stream's softVolumes carry its app's gain (`applyGain`).
    public func carryOut(at time: Time) {
        guard let engine else { return }
        for id in programs.keys.sorted() {
            guard var program = programs[id], let app = program.app, let state = engine.app(app) else { continue }
            let wanted = (program.identity.captures ? state.isRecording : state.isProducing) && state.session.isActive
            // Paused even while its stream is idle for a moment (relinked after an unplug): once linked again it
            // would play on.
            if program.pausedBy == nil && program.toldPlaying && !wanted {
                pause(&program, at: time)
            } else if program.pausedBy != nil && wanted {
                resume(&program)
            }
            if program.gain != state.gain {
                let target = state.gain.to
                if target != program.gain.to && !program.identity.captures {
                    notes.append(
                        "⇒ \(program.label): volume ×\(Profile.text(target)) over \(state.gain.ramp)  [\(LiveRule.softVolume.id)]"
                    )
                }
                program.gain = state.gain
            }
            program.silenced = wanted && !(engine.audibility(of: app)?.isAudible ?? true)
            programs[id] = program
            applyGain(id, at: time)
        }
        hands.flush()
    }

    /// Between events: the next step of every ramp under way, and a program that ignored Pause corked instead.
    /// Returns whether a ramp is still under way (the session then wakes again after `rampStep`).
    @discardableResult
    public func tick(at time: Time) -> Bool {
        var rampsUnderWay = false
        for id in programs.keys.sorted() {
            guard var program = programs[id] else { continue }
            if case .mpris(let player) = program.pausedBy, !program.obeyedPause, !program.pauseChecked,
                program.isRunning, let since = program.pausedAt, time - since >= LiveBackend.pauseGrace
            {
                // Its stream runs on: the player's own PlaybackStatus says whether it paused.
                switch hands.confirmPause(program.node.id, player: player, label: program.label) {
                case .saysPaused:
                    program.pauseChecked = true
                    notes.append("\(program.label): its player says it is paused; its stream runs on, silent")
                case .corkedToo:
                    program.pausedBy = .mprisAndCork(player)
                    notes.append(
                        "⇒ \(program.label): its player still plays after MPRIS Pause; corked too  [\(LiveRule.cork.id)]"
                    )
                case .corkFailed:
                    program.pauseChecked = true
                    notes.append("\(program.label): its player still plays after MPRIS Pause, and cannot be corked")
                }
                note(program)
                programs[id] = program
            }
            applyGain(id, at: time)
            if program.gain.start + program.gain.ramp > time { rampsUnderWay = true }
        }
        hands.flush()
        return rampsUnderWay
    }

    /// How long a player has to obey Pause before its stream is corked.
    public static let pauseGrace = Time.ms(1000)

    /// Pauses a program the engine stopped: over MPRIS when its process owns a player (and the rules allow), else
    /// a cork.
    func pause(_ program: inout Program, at time: Time) {
        let way = hands.pause(program.node, label: program.label)
        program.pausedBy = way
        program.obeyedPause = false
        switch way {
        case .mpris(let player)?:
            program.pausedAt = time
            notes.append("⇒ \(program.label): paused over MPRIS (\(player.busName))  [\(LiveRule.pauseOverMPRIS.id)]")
        case .cork?, .mprisAndCork?, nil:
            notes.append("⇒ \(program.label): corked  [\(LiveRule.cork.id)]")
        }
        note(program)
    }

    func cork(_ program: inout Program) {
        if hands.cork(program.node.id, label: program.label) {
            program.pausedBy = .cork
            program.obeyedPause = false
        }
        note(program)
    }

    /// Resumes a program Arbiter paused, the way it was paused.
    func resume(_ program: inout Program) {
        guard let way = program.pausedBy else { return }
        do {
            try hands.resume(program.node.id, way)
            notes.append("⇒ \(program.label): resumed (\(way.description))  [\(LiveRule.resumeOwn.id)]")
        } catch {
            logger.error("could not resume \(program.label) (\(way.description)): \(error)")
        }
        program.pausedBy = nil
        program.pausedAt = nil
        program.obeyedPause = false
        program.pauseChecked = false
        program.toldPlaying = true
        note(program)
    }

    /// Writes down what the program carries of Arbiter's now.
    func note(_ program: Program) {
        hands.note(program.node, lowered: program.applied != 1, pausedBy: program.pausedBy)
    }

    /// Sets the stream's softVolumes to its own channelVolumes times its gain at `time` one step ahead, when that
    /// differs from what they carry (or the program's own volume moved).
    func applyGain(_ id: UInt32, at time: Time) {
        guard var program = programs[id], !program.identity.captures else { return }
        // Steps fall on a grid of `rampStep` from the ramp's start, so waking more often (each set is published
        // back, and wakes the session) takes no extra steps.
        let step = LiveBackend.rampStep.milliseconds
        let intoRamp = max(0, (time - program.gain.start).milliseconds)
        let stepTime = program.gain.start + .ms((intoRamp / step + 1) * step)
        let target: Float = program.silenced ? 0 : Float(program.gain.value(at: stepTime))
        let base = program.node.channelVolumes
        guard !base.isEmpty, target != program.applied || (program.applied != 1 && base != program.appliedOver) else {
            return
        }
        // The soft mute carries the program's own mute: in the converter, soft values replace the program's.
        hands.setGain(
            id, factor: target, over: base, mute: program.node.mute, again: program.appliedOver.isEmpty,
            label: program.label)
        program.applied = target
        program.appliedOver = base
        programs[id] = program
        note(program)
    }

    /// Puts every program back as it was: its softVolumes back to its own volume, and what Arbiter paused resumed.
    /// Called when the session ends; a guard process does the same from the ledger if Arbiter is killed.
    public func leave() {
        for id in programs.keys.sorted() {
            guard var program = programs[id] else { continue }
            if program.applied != 1, !program.node.channelVolumes.isEmpty {
                try? hands.setSoftVolumes(id, program.node.channelVolumes, mute: program.node.mute)
                program.applied = 1
                notes.append("⇒ \(program.label): volume back to its own")
            }
            if program.pausedBy != nil { resume(&program) }
            programs[id] = program
        }
        hands.cleared()
    }
}
