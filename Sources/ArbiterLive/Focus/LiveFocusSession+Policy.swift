import ArbiterEngine

/// A focus platform's session as `arbiter attach`'s loop drives it.
extension LiveFocusSession: LivePolicy {
    /// A turn at the session's clock, then the typed lines: `state` (each app's focus and volume), `help` and
    /// `quit`; the iOS session's other commands are refused.
    public func turn(lines: [String]) -> (ramping: Bool, quit: Bool) {
        let ramping = turn(at: clock())
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            switch first {
            case "quit", "exit": return (ramping, true)
            case "state": stateLines.forEach(output)
            case "help": output("commands: state (each app's focus, stream and volume), help, quit")
            default:
                output(
                    "error: `\(line)` is not a command of this live session; expected state, help or quit "
                        + "(the programs are the apps: they act by playing)")
            }
        }
        return (ramping, false)
    }

    /// Whether something is due by time alone: a stream's stop grace running, an app held, or a player told Pause
    /// whose stream still runs.
    public var awaitsTime: Bool {
        !held.isEmpty
            || streams.values.contains { stream in
                if stream.stoppedSince != nil { return true }
                guard case .mpris = stream.pausedBy else { return false }
                return !stream.pauseChecked && !stream.obeyedPause
            }
    }

    /// The focus stack or list, then each app's focus, stream and volume.
    var stateLines: [String] {
        var lines = focus.stateHead(of: engine)
        for stream in streams.values.sorted(by: { $0.node < $1.node }) {
            guard let said = focus.state(of: stream.app, in: engine) else { continue }
            let volume = Profile.text(Self.rounded(focus.level(of: stream.app, in: engine) ?? 1))
            lines.append(
                "\(stream.app) (node \(stream.node)): \(said), volume \(volume)"
                    + (stream.pausedBy.map { ", paused by Arbiter (\($0))" } ?? ""))
        }
        return lines
    }

    public func replaceGraph(_ graph: any ProgramGraphAccess) {
        hands.replaceGraph(graph)
        // Gone now, not when their ids leave the new graph: the new daemon numbers its own streams from the start.
        for id in streams.keys.sorted() { pendingEvents += streamGone(id) }
    }

    /// A modem call is the platform's telephony (`LiveFocusPlatform.call(from:to:)`).
    public func phoneStack(_ status: PhoneCallStatus) {
        guard status != modemCall else { return }
        let before = modemCall
        modemCall = status
        output("seen: the phone stack's call is \(status.rawValue)")
        pendingEvents += focus.call(from: before, to: status)
    }
}
