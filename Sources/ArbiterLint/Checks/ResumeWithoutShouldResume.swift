import ArbiterEngine

/// An app plays again when told its interruption ended without shouldResume: the user, or the app that
/// interrupted, did not want it back.
struct ResumeWithoutShouldResume: LintCheck {
    /// Apps told this instant that an interruption ended without shouldResume, with the step that told them.
    private var told: [(app: AppID, step: LintedStep)] = []

    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        for notification in step.outcome.notifications {
            guard case .interruptionEnded(shouldResume: false) = notification.kind,
                !(step.before.app(notification.app)?.isPlaying ?? true)
            else { continue }
            told.append((notification.app, step))
        }
    }

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        defer { told = [] }
        var reported: Set<AppID> = []
        for (id, step) in told where !reported.contains(id) {
            guard let app = instant.engine.app(id), app.isPlaying else { continue }
            reported.insert(id)
            let reaction = app.config.reactions[.interruptionEnded]
            let byReaction = reaction.map { [.resume, .play, .togglePlayPause].contains($0) } ?? false
            findings.append(
                LintFinding(
                    lint: .resumeWithoutShouldResume, app: id, time: instant.time,
                    message: "plays again after interruptionEnded without shouldResume"
                        + (byReaction ? " (its reaction is \(reaction!))" : "")
                        + ": the interruption's end does not say the app may resume, so it should wait for the user",
                    fix: byReaction
                        ? "react with `interruptionEnded: resumeIfShouldResume`"
                        : "resume only when AVAudioSessionInterruptionOptionKey contains .shouldResume",
                    step: step.index, declaration: byReaction ? ["reactions", "interruptionEnded"] : nil))
        }
    }
}

extension Lint {
    static let resumeWithoutShouldResume = Lint(
        id: "interruption.resume-without-should-resume",
        statement: "shouldResume tells a media app whether to resume when an interruption ends; one that resumes "
            + "without it starts playing when the user (or the interrupting app) did not ask for it",
        source: "§5.1 (Apple \"Responding to Audio Session Interruptions\"; DOC:avfaudio/avaudiosession/"
            + "interruptionoptions/shouldresume); §5.4 (SEED3; S3-2)",
        evidence: .documented,
        fix: "resume only when the ended notification's options contain shouldResume")
}
