import ArbiterEngine
import ArbiterHarmony

/// A stream told RESUME that is still not running once the instant is over: the app ignored the hint.
struct ResumeIgnored: HarmonyLintCheck {
    mutating func instantEnded(_ instant: HarmonyInstant, into findings: inout [LintFinding]) {
        for step in instant.steps {
            for (owner, event) in step.interrupts where event.hint == .resume && !instant.engine.isRunning(owner) {
                findings.append(
                    LintFinding(
                        lint: .resumeIgnored, app: owner.app, time: step.outcome.time,
                        message: "\(owner) was told END SHARE RESUME and did not start again: it stays silent",
                        fix: "react to `resume` with `start` (`reactions: { resume: start }`)", step: step.index,
                        declaration: ["reactions", "resume"]))
            }
        }
    }
}

/// A stream told STOP that runs again in the same step: its handler started it.
struct StartedAfterStop: HarmonyLintCheck {
    mutating func runStarted(_ engine: HarmonyEngine, into findings: inout [LintFinding]) {
        for app in engine.setup.apps where app.reactions[.stop] == .start {
            findings.append(
                LintFinding(
                    lint: .startedAfterStop, app: app.name, time: .zero,
                    message: "starts its stream again when told INTERRUPT_HINT_STOP",
                    fix: "react to `stop` with `stop` or `release`, or not at all", step: nil,
                    declaration: ["reactions", "stop"]))
        }
    }

    /// Only the app's own handler restarts a stream in the step that told it STOP; a later step at the same instant
    /// is the user's.
    mutating func inspect(_ step: HarmonyLintedStep, into findings: inout [LintFinding]) {
        do {
            for (owner, event) in step.interrupts
            where event.hint == .stop && step.after.isRunning(owner)
                && step.after.declaration(of: owner.app)?.reactions[.stop] != .start
            {
                findings.append(
                    LintFinding(
                        lint: .startedAfterStop, app: owner.app, time: step.outcome.time,
                        message: "\(owner) was told BEGIN FORCE STOP and runs again",
                        fix: "start it again only when the user asks", step: step.index))
            }
        }
    }
}

/// A media-usage stream that stopped another app's media and was itself stopped by its app soon after: a short
/// sound or prompt played as media.
struct MediaUsageForShortSound: HarmonyLintCheck {
    /// How short a sound is: stopped by its own app within this long of its start.
    static let shortSound = Time.seconds(10)
    /// The media streams that stopped another app's media, with when they started and whom they stopped.
    private var stoppers: [StreamOwner: (started: Time, stopped: [StreamOwner])] = [:]
    private var reported: Set<StreamOwner> = []

    static let mediaUsages: Set<StreamUsage> = [.unknown, .music, .movie, .audiobook]

    mutating func inspect(_ step: HarmonyLintedStep, into findings: inout [LintFinding]) {
        let decisions = step.outcome.decisions
        // A media stream started and stopped another app's media stream.
        if case .app(let app, .start) = step.outcome.event {
            let started = decisions.filter { $0.owner.app == app && $0.change == .stream(.running) }.map(\.owner)
            let stopped = decisions.filter {
                $0.owner.app != app && $0.change == .stream(.stopped) && isMedia($0.owner, step.after)
            }.map(\.owner)
            for owner in started where isMedia(owner, step.after) && !stopped.isEmpty {
                stoppers[owner] = (step.outcome.time, stopped)
            }
        }
        // Its own app stopped it soon after.
        guard case .app(let app, let action) = step.outcome.event else { return }
        switch action {
        case .pause, .stop, .release: break
        default: return
        }
        for (owner, record) in stoppers where owner.app == app && !step.after.isRunning(owner) {
            stoppers[owner] = nil
            guard step.before.isRunning(owner) else { continue }  // the system had stopped it already
            guard step.outcome.time - record.started <= Self.shortSound, reported.insert(owner).inserted else {
                continue
            }
            let usage = step.after.stream(owner)?.usage ?? .music
            findings.append(
                LintFinding(
                    lint: .mediaUsageForShortSound, app: app, time: step.outcome.time,
                    message: "\(owner) played \(step.outcome.time - record.started) of \(usage) and stopped "
                        + record.stopped.map(\.description).joined(separator: ", ") + " for good",
                    fix: "give the stream usage notification (a prompt) or play it with a SoundPool (a short sound)",
                    step: step.index))
        }
    }

    private func isMedia(_ owner: StreamOwner, _ engine: HarmonyEngine) -> Bool {
        guard let status = engine.stream(owner), status.source == nil else { return false }
        let usage = status.usage ?? .music  // a player without a usage plays music
        return Self.mediaUsages.contains(usage)
    }
}
