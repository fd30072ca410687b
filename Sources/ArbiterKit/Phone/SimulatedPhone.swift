import ArbiterEngine
import ArbiterLint
@_exported import Foundation

#if canImport(FoundationNetworking)
    // URLSession and its tasks are Foundation's on iOS; on Linux they are FoundationNetworking's.
    @_exported import FoundationNetworking
#endif

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
public final class SimulatedPhone: @unchecked Sendable, CustomStringConvertible {
    /// The policy engine after the last step.
    public private(set) var engine: Engine
    /// The phone's clock.
    public private(set) var now: Time = .zero
    /// What media the phone has, by file name (`episode.mp3`): durations, titles, and whether loading fails.
    public var media: [String: SimulatedMedia] = [:]
    /// The volume the user set with the buttons, 0...1 (`AVAudioSession.outputVolume`); default 1. Setting it is
    /// heard at once by the apps' KVO observations of `outputVolume`.
    public var outputVolume: Float = 1 {
        didSet {
            for app in apps.values { app.observedValuesMayHaveChanged = true }
            deliverPending()
        }
    }
    /// What the microphone hears, in dBFS (a recorder's meters); default -160, silence. A recording without record
    /// permission, or with the app's input muted, hears silence whatever this says.
    public var microphoneLevel: Float = -160
    /// Each app's record permission as the user decided it (`AVAudioSession.recordPermission`); an app not listed
    /// has not been asked (undetermined). Kept across launches, as iOS keeps it.
    public var recordPermissions: [AppID: AVAudioSession.RecordPermission] = [:]
    /// What the user answers when an app asks for record permission (`requestRecordPermission`, or the first
    /// recording): true grants, false denies; an app not listed is granted.
    public var recordPermissionAnswers: [AppID: Bool] = [:]
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

    /// The apps backed by code, by name.
    var apps: [AppID: SimulatedApp] = [:]
    private var deliveries: [Delivery] = []
    private var delivering = false

    /// A phone over `setup`: its iOS version, profile, device and declared apps (which may be empty). `allowing`
    /// silences lints, for every app or for one, each with its reason.
    public init(
        _ setup: Setup = Setup(), allowing lintAllowances: LintAllowances = LintAllowances(),
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws(SetupError) {
        engine = try Engine(setup)
        initialEngine = engine
        linter = Linter(startingFrom: engine, allowances: lintAllowances)
        madeAt = "\(fileID):\(line)"
        PhoneLifetimes.shared.began(lifetimeKey)
    }

    /// The test (or thread) the phone was made in, whose apps' cleaning up after it finishes says nothing.
    private let lifetimeKey = PhoneLifetimes.Key.current

    /// Where the phone was made (`PodcastTests.swift:12`), to name it in messages.
    public let madeAt: String

    deinit {
        if !isStandIn { PhoneLifetimes.shared.finished(lifetimeKey) }
        for app in apps.values { app.phoneFinished() }
    }

    /// The stand-in that answers for a phone that has finished: no apps, and nothing reaches it.
    static let finished: SimulatedPhone = {
        let phone = try! SimulatedPhone()
        phone.isStandIn = true
        PhoneLifetimes.shared.forget(phone.lifetimeKey)
        return phone
    }()
    private var isStandIn = false

    /// The engine before the first step.
    public let initialEngine: Engine

    /// The shortest interval a periodic time observer fires at (an ArbiterKit tunable; default one frame of a 60 Hz
    /// screen, 17 ms). AVPlayer documents that for a very short interval it may call the block less often than asked,
    /// though often enough to update the time shown in a user interface; an observer asked for every nanosecond fires
    /// once a frame, so a long run costs the fires it really gets. Set it before the observers are added.
    public var minimumTimeObserverInterval: Time = SimulatedPhone.frame

    /// One frame of a 60 Hz screen, to the millisecond.
    static let frame = Time.ms(17)

    /// "the phone made at FILE:LINE".
    public var description: String { "the phone made at \(madeAt)" }

    // MARK: Apps backed by code

    /// Installs an app whose code runs on the phone: declares it, brings it to the foreground (as a tap on its icon
    /// does) and runs `launch`, its start-up code, in its context. Returns what `launch` returns (the app's player,
    /// its delegate, ...), which the phone keeps alive. Throws when the app cannot be declared (a name in use) or when
    /// `launch` throws. Terminated and launched again, the app starts afresh: its launch code runs again, and
    /// `app(name)?.code` is what it returned then.
    @discardableResult
    public func install<Code>(
        _ name: AppID, backgroundModes: Set<BackgroundMode> = [],
        launch: @escaping () throws -> Code
    ) throws -> Code {
        var config = AppConfig(name, backgroundModes: backgroundModes, players: [])
        config.runsOwnCode = true
        guard apps[name] == nil, engine.app(name) == nil else {
            throw SimulatedPhoneError(message: "an app named \(name) is on the phone already; expected a new name")
        }
        let fresh = SimulatedApp(name: name, phone: self)
        fresh.isLaunching = true
        apps[name] = fresh
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
            code = try fresh.run(launch)
        } catch {
            fresh.isLaunching = false
            SimulatedApp.register(fresh)
            throw error
        }
        // An app built around a singleton: its launch code returned the object it returned on a phone that has
        // finished. The app of that phone, with every object the singleton keeps, runs on this one now.
        let app = SimulatedApp.adoptOrphan(named: name, launchedAgain: code, by: self, replacing: fresh) ?? fresh
        SimulatedApp.register(app)
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
            diagnose(
                "run(in: \"\(name)\"): no app named \(name) runs code on this phone; expected one of: "
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
        while let next = nextWake(), next <= end {
            if next > now || next == engine.nextIdleSuspension {
                now = max(now, next)
                catchUp()
            }
            deliverPending()
            for app in apps.values.sorted(by: { $0.name.name < $1.name.name }) { app.fireTimers(at: now) }
            deliverPending()
        }
        now = end
        step(.advance, cause: .test)
        deliverPending()
        return Array(transcript[first...])
    }

    /// When the apps' code next wants to run (a periodic time observer's fire, work scheduled on a queue or a timer),
    /// or the phone suspends an app idling in the background.
    private func nextWake() -> Time? {
        (apps.values.compactMap { $0.nextTimerFire(after: now) }
            + [work.nextTime, engine.nextIdleSuspension]
            .compactMap { $0 }).min()
    }

    /// Work the apps' code scheduled on the phone's clock (dispatch queues, timers, main-actor jobs).
    let work = WorkQueue()
    /// How many apps' code runs now, nested (a handler inside a call): scheduled work waits until none does.
    var codeRunning = 0
    /// How much work has run at the instant it ran at, to stop code that keeps sending work for now.
    private var workAtThisInstant: (time: Time, count: Int) = (.zero, 0)
    /// The most pieces of work that run at one instant.
    static let mostWorkAtOneInstant = 100_000

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
        record(engine.handle(event, at: now), cause: cause)
    }

    /// Time passes to `now` before the apps' code runs there: the engine catches up (items end, ramps go on). The
    /// step joins the transcript only when it decided or told something: a periodic time observer that fires every
    /// millisecond costs its fires, not a step each.
    private func catchUp() {
        let outcome = engine.handle(.advance, at: now)
        let decidedNothing =
            outcome.decisionCount == 0 && outcome.notifications.isEmpty && outcome.reactions.isEmpty
            && outcome.result == .succeeded
        if !decidedNothing { record(outcome, cause: .test) }
    }

    /// Records an outcome the engine gave: in the transcript and the linter, and queues what it tells the apps
    /// backed by code.
    @discardableResult
    private func record(_ outcome: Outcome, cause: PhoneStep.Cause) -> Outcome {
        let event = outcome.event
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
            if let app = apps.values.sorted(by: { $0.name.name < $1.name.name })
                .first(where: \.observedValuesMayHaveChanged)
            {
                app.observedValuesMayHaveChanged = false
                app.notifyValueObservers()
                continue
            }
            // What the apps' code scheduled for now runs once everything the step told them is handled and no app's
            // code is running (a main queue runs its blocks when the code on the main thread has returned), one
            // piece at a time.
            guard codeRunning == 0 else { return }
            if workAtThisInstant.time != now { workAtThisInstant = (now, 0) }
            if workAtThisInstant.count >= SimulatedPhone.mostWorkAtOneInstant, let next = work.firstDue(by: now) {
                // Code that keeps sending work for now would keep an iOS app's main thread busy for ever; here
                // time could not move on. What is left waits a millisecond, in its order.
                diagnose(
                    "\(next.app.name) code: more than \(SimulatedPhone.mostWorkAtOneInstant) pieces of work were "
                        + "sent for \(now) (a block that sends itself again?); the rest runs a millisecond later")
                work.postponeDue(by: now, to: now + .ms(1))
                return
            }
            guard let due = work.takeDue(by: now) else { return }
            workAtThisInstant.count += 1
            due.run()
        }
    }

    /// A mistake the phone saw in an app's code (see `Linter.report(_:)`).
    func reportLint(_ finding: LintFinding) {
        codeFindings.append(finding)
        linter.report([finding])
    }

    func diagnose(_ message: String) {
        guard !isStandIn else { return Diagnostics.report(message) }
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
    /// Its tags, as `AVAsset.metadata` and `commonMetadata` give them (with `title`): nil for a tag it lacks.
    public var artist: String?
    public var album: String?
    /// The embedded cover picture's bytes (`commonKeyArtwork`, as `dataValue`).
    public var artwork: Data?

    public init(
        duration: Double? = nil, title: String? = nil, artist: String? = nil, album: String? = nil,
        artwork: Data? = nil, fails: Bool = false
    ) {
        self.duration = duration
        self.title = title
        self.artist = artist
        self.album = album
        self.artwork = artwork
        self.fails = fails
    }
}
