import ArbiterEngine

/// An app's audio stops in the background, or cannot start there, because it lacks the audio background mode or
/// uses a category that does not play in the background.
struct BackgroundAudioStopped: LintCheck {
    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        for decision in step.outcome.decisions where decision.rule.id == "background.suspends" {
            guard case .lifecycle(.suspended) = decision.change, let id = decision.app,
                step.before.app(id)?.isPlaying == true, let app = step.after.app(id),
                let missing = missing(app)
            else { continue }
            findings.append(
                LintFinding(
                    lint: .backgroundAudioStopped, app: id, time: step.outcome.time,
                    message: "was playing when it went to the background, and iOS suspended it and stopped its audio: "
                        + missing.text,
                    fix: missing.fix, step: step.index, declaration: missing.declaration))
        }
        if case .app(let id, let action) = step.outcome.event, case .failed(let error) = step.outcome.result,
            error.rule.id == "background.cannot-start-playing", let app = step.after.app(id),
            let missing = missing(app)
        {
            findings.append(
                LintFinding(
                    lint: .backgroundAudioStopped, app: id, time: step.outcome.time,
                    message: "\(action) from the background fails with \(error.code): \(missing.text)",
                    fix: missing.fix, step: step.index, declaration: missing.declaration, aboutFailedCall: true))
        }
    }

    /// What the app lacks to play in the background.
    private func missing(_ app: App) -> (text: String, fix: String, declaration: [String])? {
        if !app.backgroundModes.contains(.audio) {
            return (
                "it has no audio background mode",
                "add `audio` to backgroundModes (UIBackgroundModes in Info.plist), with a category that plays in "
                    + "the background (playback)",
                ["backgroundModes"]
            )
        }
        if !app.session.category.traits.playsInBackground {
            return (
                "its category \(app.session.category) does not play in the background",
                "use playback (or playAndRecord for an app that records) instead of \(app.session.category)",
                ["category"]
            )
        }
        return nil
    }
}

extension Lint {
    static let backgroundAudioStopped = Lint(
        id: "background.audio-stopped",
        statement: "audio goes on in the background only with the audio background mode and a category that plays "
            + "there (not ambient or soloAmbient); without them iOS suspends the app and its audio stops, or a play "
            + "from the background fails with cannotStartPlaying",
        source: "§7 (DOC:avfaudio/avaudiosession/category-swift.struct/playback; QA1668; HERR; S0-1)",
        evidence: .documented,
        fix: "add the audio background mode and use playback")
}
