import ArbiterEngine

/// Work the framework does later: a fade's end, the mute after a ring, the fade-in of an offender.
struct DueWork: Sendable {
    enum Kind: Sendable {
        /// The fade-out of `uid` (the fade `token`) is over: dispatch the LOSS.
        case fadeEnd(uid: Int, token: Int)
        /// Fade back in what the faded `uid` still plays.
        case fadeInOffenders(uid: Int, token: Int)
        /// Mute media and game players for the ring or call `token`.
        case muteForCall(token: Int)
    }

    var due: Time
    /// The order scheduled, for work due at the same time.
    var sequence: Int
    var kind: Kind
}

extension AndroidEngine {
    mutating func schedule(_ kind: DueWork.Kind, at due: Time) {
        dueWork.append(DueWork(due: due, sequence: nextSequence, kind: kind))
        nextSequence += 1
    }

    /// Runs, in time order, the work due at or before `time`, each at its due time with its reactions.
    mutating func runDueWork(through time: Time) {
        while let next = dueWork.indices.min(by: {
            (dueWork[$0].due, dueWork[$0].sequence)
                < (dueWork[$1].due, dueWork[$1].sequence)
        }),
            dueWork[next].due <= time
        {
            let work = dueWork.remove(at: next)
            now = max(now, work.due)
            dueTime = work.due
            switch work.kind {
            case .fadeEnd(let uid, let token): endFade(uid: uid, token: token)
            case .fadeInOffenders(let uid, let token): fadeInOffenders(uid: uid, token: token)
            case .muteForCall(let token): muteForCall(token: token)
            }
            runReactions()
        }
    }
}
