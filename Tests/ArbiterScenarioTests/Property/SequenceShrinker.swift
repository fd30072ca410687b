import ArbiterEngine

/// Makes a failing sequence small while the same property keeps failing: drops the steps after the failure, then
/// chunks of steps down to single ones (delta debugging), apps with their events, and declaration details, and
/// simplifies each remaining event, until nothing more can go.
struct SequenceShrinker {
    /// The check to keep failing; its property name must stay the same.
    let check: (EventSequence) -> PropertyFailure?
    private(set) var best: EventSequence
    private(set) var failure: PropertyFailure
    /// Checks run so far, bounded by `maximumAttempts`.
    private(set) var attempts = 0
    var maximumAttempts = 20_000

    init(_ sequence: EventSequence, _ failure: PropertyFailure, check: @escaping (EventSequence) -> PropertyFailure?) {
        self.check = check
        best = sequence
        self.failure = failure
    }

    /// Shrinks until no step, app, detail or argument can go; the result is in `best` and `failure`.
    mutating func shrink() {
        if let step = failure.step, step + 1 < best.steps.count {
            var cut = best
            cut.steps = Array(cut.steps.prefix(step + 1))
            keep(cut)
        }
        var changed = true
        while changed && attempts < maximumAttempts {
            changed = false
            if dropChunks() { changed = true }
            if dropApps() { changed = true }
            if simplifySetup() { changed = true }
            if simplifyEvents() { changed = true }
        }
    }

    /// Takes `candidate` as the best when the same property still fails with it.
    @discardableResult
    private mutating func keep(_ candidate: EventSequence) -> Bool {
        guard attempts < maximumAttempts, candidate != best else { return false }
        attempts += 1
        guard let found = check(candidate), found.property == failure.property else { return false }
        best = candidate
        failure = found
        return true
    }

    /// Applies `change` to a copy of the best sequence and keeps it if it still fails.
    @discardableResult
    private mutating func attempt(_ change: (inout EventSequence) -> Void) -> Bool {
        var candidate = best
        change(&candidate)
        return keep(candidate)
    }

    /// Removes runs of steps, halving the run length down to one step.
    private mutating func dropChunks() -> Bool {
        var changed = false
        var size = max(1, best.steps.count / 2)
        while true {
            var start = 0
            while start < best.steps.count {
                let range = start..<min(start + size, best.steps.count)
                if attempt({ $0.steps.removeSubrange(range) }) { changed = true } else { start += size }
            }
            if size == 1 { return changed }
            size /= 2
        }
    }

    /// Removes one app at a time, with its events (and as the foreground app).
    private mutating func dropApps() -> Bool {
        var changed = false
        for app in best.setup.apps.map(\.name) where best.setup.apps.count > 1 {
            changed =
                attempt { sequence in
                    sequence.setup.apps.removeAll { $0.name == app }
                    if sequence.setup.device.foreground == app { sequence.setup.device.foreground = nil }
                    sequence.steps.removeAll { if case .app(app, _) = $0.event { true } else { false } }
                } || changed
        }
        return changed
    }

    /// Resets the profile, the device and each app's declaration, detail by detail.
    private mutating func simplifySetup() -> Bool {
        var changed = false
        changed = attempt { $0.setup.profile = Profile() } || changed
        changed = attempt { $0.setup.ios = 17 } || changed
        changed = attempt { $0.setup.device.locked = false } || changed
        changed = attempt { $0.setup.device.ringer = .ring } || changed
        for index in best.setup.device.accessories.indices.reversed() where index < best.setup.device.accessories.count
        {
            changed = attempt { $0.setup.device.accessories.remove(at: index) } || changed
        }
        for app in best.setup.apps.indices {
            changed = attempt { $0.setup.apps[app].reactions = [:] } || changed
            changed = attempt { $0.setup.apps[app].remoteCommands = [] } || changed
            changed = attempt { $0.setup.apps[app].backgroundModes = [] } || changed
            changed = attempt { $0.setup.apps[app].options = [] } || changed
            changed = attempt { $0.setup.apps[app].mode = .default } || changed
            changed = attempt { $0.setup.apps[app].category = .playback } || changed
            for player in best.setup.apps[app].players.indices.reversed()
            where best.setup.apps[app].players.count > 1 && player < best.setup.apps[app].players.count {
                changed = attempt { $0.setup.apps[app].players.remove(at: player) } || changed
            }
            for player in best.setup.apps[app].players.indices {
                changed =
                    attempt {
                        let old = $0.setup.apps[app].players[player]
                        $0.setup.apps[app].players[player] = PlayerConfig(name: old.name, kind: old.kind)
                    } || changed
            }
        }
        return changed
    }

    /// Replaces each app event's arguments with the simplest ones, and each step's delay with none.
    private mutating func simplifyEvents() -> Bool {
        var changed = false
        for index in best.steps.indices where index < best.steps.count {
            if case .app(let app, let action) = best.steps[index].event, let simpler = Self.simplify(action) {
                changed = attempt { $0.steps[index].event = .app(app, simpler) } || changed
            }
            if index > 0 && best.steps[index].time != best.steps[index - 1].time {
                changed =
                    attempt { sequence in
                        let gap = sequence.steps[index].time - sequence.steps[index - 1].time
                        for later in index..<sequence.steps.count {
                            sequence.steps[later].time = sequence.steps[later].time - gap
                        }
                    } || changed
            }
        }
        return changed
    }

    static func simplify(_ action: AppAction) -> AppAction? {
        switch action {
        case .setCategory(let category, let mode, let options) where mode != nil || !options.isEmpty:
            return .setCategory(category)
        case .play(.some): return .play(player: nil)
        case .pause(.some): return .pause(player: nil)
        case .stop(.some): return .stop(player: nil)
        case .deactivate(true): return .deactivate(notifyOthers: false)
        default: return nil
        }
    }
}
