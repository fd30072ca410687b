@_exported import Foundation
import ArbiterEngine
import ArbiterLint

/// A simulated iPhone that runs apps' own audio code beside declared apps.
///
/// Each app installed with `install(_:backgroundModes:launch:)` gets its own `AVAudioSession.sharedInstance()`,
/// `NotificationCenter.default`, `MPRemoteCommandCenter.shared()`, `MPNowPlayingInfoCenter.default()` and
/// `UIApplication.shared`. What its code calls becomes an event of that app in the policy engine; what the engine tells
/// the app is posted to its observers at the same instant; what they call in turn is an event of the app at that
/// instant too. Time is simulated: nothing runs on real threads or timers, so a run is the same every time.
///
/// ```swift
/// let phone = try SimulatedPhone(Setup(apps: [AppConfig("Maps", backgroundModes: [.audio], category: .playback)]))
/// let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer() }
/// phone.run(in: "Podcast") { podcast.play() }
/// phone.send(.system(.incomingCall))
/// ```
public final class SimulatedPhone: @unchecked Sendable {
    /// The policy engine after the last step.
    public private(set) var engine: Engine
    /// The phone's clock.
    public private(set) var now: Time = .zero
    /// What media the phone has, by file name (`episode.mp3`): durations, titles, and whether loading fails.
    public var media: [String: SimulatedMedia] = [:]
    /// Every step so far, in order: what caused it and what the engine made of it.
    public private(set) var transcript: [PhoneStep] = []
    /// What the apps' code did that the simulation could not follow: an API it does not model, a call the engine refused.
    /// (A call from outside any app's code belongs to no phone: it is reported as an issue only.)
    public private(set) var diagnostics: [String] = []
    /// The mistakes the lints (`Lint.catalog`) found in what the apps did so far, as if the run ended now: a stale
    /// Now Playing rate, a handler that returns success without acting, a resume without shouldResume, ... Each
    /// finding's `step` is an index into `transcript`. Warnings, not failures: a test asserts on them as it likes.
    public var lints: [LintFinding] {
        var linter = linter
        linter.report(codeFindingsIfEndedNow)
        return linter.findingsIfFinishedNow
    }

    /// What the phone saw in apps' code that the engine's events cannot show, in order, before any allowance:
    /// a command that ran several handlers for one press (`remote.handler-added-again`). A linter of the same run
    /// takes them with `Linter.report(_:)`, as `lints` does.
    public private(set) var codeFindings: [LintFinding] = []

    /// What apps' code leaves undone were the run to end now: background tasks never ended
    /// (`background.task-never-ended`), for apps not terminated.
    public var codeFindingsIfEndedNow: [LintFinding] {
        apps.values.sorted { $0.name.name < $1.name.name }.compactMap { app in
            let open = app.application.openBackgroundTasks
            guard open > 0, app.state?.lifecycle != .terminated else { return nil }
            return .backgroundTaskNeverEnded(app.name, open: open, time: now)
        }
    }

    private var linter: Linter

    var apps: [AppID: SimulatedApp] = [:]
    private var deliveries: [Delivery] = []
    private var delivering = false

    /// A phone over `setup`: its iOS version, profile, device and declared apps (which may be empty). `allowing`
    /// silences lints, for every app or for one, each with its reason.
    public init(_ setup: Setup = Setup(), allowing lintAllowances: LintAllowances = LintAllowances())
        throws(SetupError) {
        engine = try Engine(setup)
        initialEngine = engine
        linter = Linter(startingFrom: engine, allowances: lintAllowances)
    }

    /// The engine before the first step.
    public let initialEngine: Engine

    // MARK: Apps backed by code

    /// Installs an app whose code runs on the phone: declares it, brings it to the foreground (as a tap on its icon
    /// does) and runs `launch`, its start-up code, in its context. Returns what `launch` returns (the app's player,
    /// its delegate, ...), which the phone keeps alive. Throws when the app cannot be declared (a name in use) or when
    /// `launch` throws. Terminated and launched again, the app starts afresh: its launch code runs again, and
    /// `app(name)?.code` is what it returned then.
    @discardableResult
    public func install<Code>(_ name: AppID, backgroundModes: Set<BackgroundMode> = [],
                              launch: @escaping () throws -> Code) throws -> Code {
        var config = AppConfig(name, backgroundModes: backgroundModes, players: [])
        config.runsOwnCode = true
        guard apps[name] == nil, engine.app(name) == nil else {
            throw SimulatedPhoneError(message: "an app named \(name) is on the phone already; expected a new name")
        }
        let app = SimulatedApp(name: name, phone: self)
        app.isLaunching = true
        apps[name] = app
        let declared = step(.declare(config), cause: .test)
        if case .rejected(let error) = declared.result {
            apps[name] = nil
            throw SimulatedPhoneError(message: error.description)
        }
        if engine.device.foreground != name {
            foregroundAppWillResign(to: name)
            step(.app(name, .foreground), cause: .test)
        }
        deliverPending()
        let code: Code
        do {
            code = try app.run(launch)
        } catch {
            app.isLaunching = false
            throw error
        }
        app.launch = { try launch() }
        // The phone keeps the app's code alive, as UIKit keeps an app's delegate.
        app.code = code
        if let delegate = code as? UIApplicationDelegate { app.application.delegate = delegate }
        app.run { app.finishLaunching() }
        deliverPending()
        return code
    }

    /// Runs `body` as the code of app `name` at the phone's time (a tap on a button, a timer of the app's own):
    /// `AVAudioSession.sharedInstance()` and the other shared objects are that app's, and each call is an event of it.
    public func run<Result>(in name: AppID, _ body: () throws -> Result) rethrows -> Result {
        guard let app = apps[name] else {
            diagnose("run(in: \"\(name)\"): no app named \(name) runs code on this phone; expected one of: "
                     + apps.keys.map(\.name).sorted().joined(separator: ", "))
            return try body()
        }
        let result = try app.run(body)
        deliverPending()
        return result
    }

    /// The app whose code runs under this name, if any.
    public func app(_ name: AppID) -> SimulatedApp? { apps[name] }

    // MARK: Events from outside the apps

    /// Sends a device, system or declared app's event at the phone's time. Apps backed by code are told what it
    /// changed and their handlers run before this returns. Returns every step it caused, in order (a handler of
    /// `willResignActive`, posted before the app is sent to the background, makes its steps before the event's own).
    @discardableResult
    public func send(_ event: Event) -> [PhoneStep] {
        let first = transcript.count
        if case .app(let name, let action) = event {
            if action == .foreground || action == .launch { foregroundAppWillResign(to: name) }
            apps[name]?.lifecycleWillChange(action)
            deliverPending()
        }
        step(event, cause: .test)
        deliverPending()
        return Array(transcript[first...])
    }

    /// Lets `duration` pass: players move on, items end, ramps go on, and periodic time observers fire at their
    /// times. Returns every step it caused.
    @discardableResult
    public func advance(by duration: Time) -> [PhoneStep] {
        let first = transcript.count
        let end = now + duration
        while let next = apps.values.compactMap({ $0.nextTimerFire(after: now) }).min(), next <= end {
            now = next
            step(.advance, cause: .test)
            deliverPending()
            for app in apps.values.sorted(by: { $0.name.name < $1.name.name }) { app.fireTimers(at: now) }
            deliverPending()
        }
        now = end
        step(.advance, cause: .test)
        deliverPending()
        return Array(transcript[first...])
    }

    /// Another app comes to the foreground: the code app there now is told it resigns active first.
    private func foregroundAppWillResign(to name: AppID) {
        guard let current = engine.device.foreground, current != name, let app = apps[current] else { return }
        app.lifecycleWillChange(.background)
        deliverPending()
    }

    // MARK: The engine

    /// Applies `event` now and queues what it tells the apps backed by code.
    @discardableResult
    func step(_ event: Event, cause: PhoneStep.Cause) -> Outcome {
        let outcome = engine.handle(event, at: now)
        transcript.append(PhoneStep(cause: cause, outcome: outcome, engine: engine))
        linter.observe(outcome, after: engine)
        if case .rejected(let error) = outcome.result, cause != .test {
            diagnose("\(cause): \(event) was refused: \(error)")
        }
        var value: RemoteValue?
        if case .system(.remote(_, let sent)) = outcome.event { value = sent }
        for notification in outcome.notifications where apps[notification.app] != nil {
            deliveries.append(.notification(notification, value: value, step: transcript.count - 1))
        }
        for decision in outcome.decisions {
            guard let name = decision.app, apps[name] != nil else { continue }
            deliveries.append(.decision(name, decision))
        }
        for app in apps.values { app.observedValuesMayHaveChanged = true }
        return outcome
    }

    /// Hands the queued notifications and changes to the apps, in order, until none is left (their handlers may
    /// queue more).
    func deliverPending() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while true {
            if !deliveries.isEmpty {
                let delivery = deliveries.removeFirst()
                switch delivery {
                case .notification(let notification, let value, let step):
                    apps[notification.app]?.deliver(notification, value: value, step: step)
                case .decision(let name, let decision): apps[name]?.apply(decision)
                }
                continue
            }
            guard let app = apps.values.sorted(by: { $0.name.name < $1.name.name })
                .first(where: \.observedValuesMayHaveChanged) else { return }
            app.observedValuesMayHaveChanged = false
            app.notifyValueObservers()
        }
    }

    /// A mistake the phone saw in an app's code (see `Linter.report(_:)`).
    func reportLint(_ finding: LintFinding) {
        codeFindings.append(finding)
        linter.report([finding])
    }

    func diagnose(_ message: String) {
        diagnostics.append(message)
        Diagnostics.report(message)
    }

    private enum Delivery {
        /// A notification, with the value a remote command carries and the step that sent it.
        case notification(SessionNotification, value: RemoteValue?, step: Int)
        case decision(AppID, Decision)
    }
}

/// One step of a phone: what caused it and what the engine decided.
public struct PhoneStep: Hashable, Sendable, CustomStringConvertible {
    /// Who made the step happen.
    public enum Cause: Hashable, Sendable, CustomStringConvertible {
        /// The test (or whoever drives the phone): a device or system event, time passing, a declared app's call.
        case test
        /// The code of this app, described by the API it called (`AVAudioSession.setActive(true)`).
        case code(AppID, String)

        public var description: String {
            switch self {
            case .test: "test"
            case .code(let app, let call): "\(app) code: \(call)"
            }
        }
    }

    public var cause: Cause
    public var outcome: Outcome
    /// The engine after the step (a copy-on-write value: cheap to keep).
    public var engine: Engine

    public var description: String {
        var lines = ["\(outcome.time)  \(outcome.event)" + (cause == .test ? "" : "  (\(cause))")]
        if case .failed(let error) = outcome.result { lines.append("  fails: \(error)") }
        if case .rejected(let error) = outcome.result { lines.append("  refused: \(error)") }
        lines += outcome.decisions.map { "  \($0)" }
        lines += outcome.notifications.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// What a phone cannot do: install an app under a name in use, say.
public struct SimulatedPhoneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A media file on the simulated phone: how long it plays and what it is called. Files not listed play without end;
/// `http` and `https` URLs stream (they load only while the network is up).
public struct SimulatedMedia: Hashable, Sendable {
    public var duration: Double?
    public var title: String?
    /// Whether loading it fails (a missing file, a server error): `AVPlayerItem.status` becomes failed and
    /// `AVAudioPlayer(contentsOf:)` throws.
    public var fails: Bool

    public init(duration: Double? = nil, title: String? = nil, fails: Bool = false) {
        self.duration = duration
        self.title = title
        self.fails = fails
    }
}
