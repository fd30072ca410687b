import IssueReporting

/// Where the simulation says what it could not follow: an issue in the running test (Swift Testing or XCTest), or a
/// line on standard error outside tests.
enum Diagnostics {
    static func report(_ message: String) {
        reportIssue("ArbiterKit: \(message)")
    }

    /// An API the simulation does not model was called: said by name, never silently ignored.
    static func unmodelled(_ api: String, app: SimulatedApp?) {
        let message = "\(api) is not modelled by the simulated phone; see docs/app-code.md for what is"
        if let app { app.phone.diagnose("\(app.name) code: \(message)") } else { report(message) }
    }

    /// A shared object (`AVAudioSession.sharedInstance()`, ...) was asked for outside any app's code. Said nothing
    /// when it is a test's apps cleaning up after their phone finished (`PhoneLifetimes.isTearingDown`).
    static func outsideApp(_ api: String) {
        guard !PhoneLifetimes.isTearingDown else { return }
        report(
            "\(api) was called outside any app's code; expected it inside SimulatedPhone.install(_:backgroundModes:launch:), "
                + "SimulatedPhone.run(in:_:), or a handler the phone calls")
    }
}
