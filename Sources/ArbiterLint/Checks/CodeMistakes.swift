import ArbiterEngine

/// Mistakes only an app's own code can make, which a scenario's vocabulary cannot say: the simulated phone
/// (ArbiterKit) watches the code and hands what it sees to its linter (`Linter.report(_:)`).
extension Lint {
    static let remoteHandlerAddedAgain = Lint(
        id: "remote.handler-added-again",
        statement: "A remote command runs several block handlers: each addTarget(handler:) on the shared command "
            + "center adds one more, so one press on the lock screen acts several times",
        source: "§8.3; S4-3, S2-4 (DOC:mediaplayer/mpremotecommand/addtarget(handler:))",
        evidence: .documented,
        fix: "add each handler once, at launch, and toggle the command's isEnabled; or keep the token addTarget "
            + "returns and removeTarget(_:) it before adding another")

    static let backgroundTaskNeverEnded = Lint(
        id: "background.task-never-ended",
        statement: "beginBackgroundTask without endBackgroundTask: iOS ends the app when the task's time runs out, "
            + "and the task never kept audio playing (only the audio background mode does)",
        source: "§7; S3-1 (DOC:uikit/uiapplication/beginbackgroundtask(expirationhandler:))",
        evidence: .documented,
        fix: "end each task with endBackgroundTask(_:) when its work is done and in its expiration handler; for "
            + "background audio, rely on the audio background mode alone")
}

extension LintFinding {
    /// `app`'s `command` ran `handlers` block handlers at step `step` (`time`).
    public static func remoteHandlersAddedAgain(
        _ app: AppID, command: RemoteCommand, handlers: Int, time: Time,
        step: Int?
    ) -> LintFinding {
        LintFinding(
            lint: .remoteHandlerAddedAgain, app: app, time: time,
            message: "\(command) ran \(handlers) handlers for one press: addTarget(handler:) was called "
                + "\(handlers) times on the shared \(command)Command",
            fix: "add the \(command) handler once, at launch, and toggle \(command)Command.isEnabled; or "
                + "removeTarget(_:) the token of the one before", step: step)
    }

    /// `app` had `open` background tasks begun and not ended when the run ended at `time`.
    public static func backgroundTaskNeverEnded(_ app: AppID, open: Int, time: Time) -> LintFinding {
        LintFinding(
            lint: .backgroundTaskNeverEnded, app: app, time: time,
            message: "\(open == 1 ? "a background task was" : "\(open) background tasks were") begun and "
                + "never ended: iOS ends the app when the time runs out",
            fix: "call endBackgroundTask(_:) with the identifier beginBackgroundTask returned, when the work "
                + "is done and in the expiration handler", step: nil)
    }
}
