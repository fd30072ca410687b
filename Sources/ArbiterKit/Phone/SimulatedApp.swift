import ArbiterEngine

/// An app whose code runs on a `SimulatedPhone`: its shared objects, its observers, its players and its timers.
///
/// Its code runs in its context: inside `SimulatedPhone.install` and `run(in:)`, and in every handler the phone calls
/// for it. There `AVAudioSession.sharedInstance()` and the other shared objects are this app's.
public final class SimulatedApp: @unchecked Sendable {
    public let name: AppID
    /// The phone the app runs on. Weak: objects an app's code keeps in singletons outlive the test's phone, and a
    /// later phone that installs an app of the same name adopts them (`adopt(by:)`).
    private weak var boundPhone: SimulatedPhone?
    /// Where the phone the app last ran on was made, for the messages about a finished one.
    private var phoneDescription: String
    /// Whether the app has said that its phone has finished (it says so once).
    private var saidPhoneFinished = false
    /// The app whose code is running, if any: the task's (or this thread's) value, else the app whose job the
    /// thread runs (a detached task of the app's code shares none of its creator's values).
    static var current: SimulatedApp? { runningCode ?? RunningAppJob.app }
    @TaskLocal static var runningCode: SimulatedApp?

    private(set) var notificationCenter = NotificationCenter()
    private(set) lazy var session = AVAudioSession(app: self)
    private(set) lazy var commandCenter = MPRemoteCommandCenter(app: self)
    private(set) lazy var nowPlayingInfoCenter = MPNowPlayingInfoCenter(app: self)
    private(set) lazy var application = UIApplication(app: self)
    private(set) lazy var applicationAudio = AVAudioApplication(app: self)
    /// The app's launch code, run again when the app is launched after it was terminated.
    var launch: (() throws -> Any)?
    /// What each remote command's handlers returned, in order.
    public private(set) var remoteCommandResults: [RemoteCommandResult] = []

    /// The app's players by engine name (weakly: a player the code lets go of is gone).
    private var players: [String: WeakPlayer] = [:]
    private var valueObservations: [ValueObservation] = []
    private var timers: [any PlayerTimer] = []
    var observedValuesMayHaveChanged = false
    /// What the app's launch code returned (the last time it ran), kept alive as UIKit keeps an app's delegate.
    public internal(set) var code: Any?
    /// `UIDevice.current.isProximityMonitoringEnabled`, `isBatteryMonitoringEnabled` and the orientation
    /// notifications asked for, for the app's process.
    var proximityMonitoring = false
    var batteryMonitoring = false
    var orientationNotifications = 0

    /// What the app launched with, the code's objects and what they observed, as the app was terminated; a launch
    /// afterwards starts afresh with new shared objects and runs the launch code again.
    private func forgetEverything() {
        phone.work.cancelAll(of: self)
        code = nil
        proximityMonitoring = false
        batteryMonitoring = false
        orientationNotifications = 0
        players = [:]
        valueObservations = []
        timers = []
        notificationCenter = NotificationCenter()
        session = AVAudioSession(app: self)
        commandCenter = MPRemoteCommandCenter(app: self)
        nowPlayingInfoCenter = MPNowPlayingInfoCenter(app: self)
        application = UIApplication(app: self)
        applicationAudio = AVAudioApplication(app: self)
    }

    private func relaunch() {
        guard let launch else { return }
        do {
            code = try run(launch)
            if let delegate = code as? UIApplicationDelegate { application.delegate = delegate }
        } catch {
            phone.diagnose("\(name) code: its launch code threw when the app was launched again: \(error)")
        }
    }
    /// The lifecycle the app's code was last told of.
    private var toldLifecycle: AppLifecycle = .background
    private var resignedActive = false

    init(name: AppID, phone: SimulatedPhone) {
        self.name = name
        boundPhone = phone
        phoneDescription = phone.description
    }

    /// The phone the app runs on. When it has finished (no test holds it any more), the app says so once, naming the
    /// phone, and a stand-in phone with no apps answers: nothing the code does reaches any engine, nothing aborts.
    var phone: SimulatedPhone {
        if let boundPhone { return boundPhone }
        if !saidPhoneFinished && !finishing && !PhoneLifetimes.isTearingDown {
            saidPhoneFinished = true
            Diagnostics.report(
                "an object of app \(name) was used after its phone (\(phoneDescription)) finished; it acts "
                    + "on no phone. \(SimulatedApp.carryOver(name))")
        }
        return SimulatedPhone.finished
    }

    /// Whether the app's phone is still running.
    var isOnRunningPhone: Bool { boundPhone != nil }

    /// The app's phone while it runs; nil once it has finished (without saying so).
    var runningPhone: SimulatedPhone? { boundPhone }

    /// Schedules `body` as this app's code `delay` from the phone's now, on `queue` (nil: the main queue). Nil
    /// when the app's phone has finished (nothing is scheduled).
    @discardableResult
    func schedule(after delay: Time, on queue: DispatchQueue?, _ body: @escaping () -> Void) -> ScheduledWork? {
        guard let phone = boundPhone else { return nil }
        return phone.work.schedule(at: phone.now + delay, app: self, queue: queue, body)
    }

    /// The app as the engine has it.
    public var state: App? { phone.engine.app(name) }

    /// Runs `body` as this app's code.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let phone = boundPhone
        phone?.codeRunning += 1
        defer { phone?.codeRunning -= 1 }
        return try SimulatedApp.$runningCode.withValue(self, operation: body)
    }

    /// The app's code makes a call: an event of the app now. What it tells the apps is delivered before this returns,
    /// unless a delivery is under way (then it joins the end of the queue, after the deliveries already waiting).
    @discardableResult
    func call(_ action: AppAction, api: String) -> Outcome {
        let event = Event.app(name, action)
        guard let phone = boundPhone else {
            if finishing || PhoneLifetimes.isTearingDown {
                return Outcome(time: .zero, event: event, result: .rejected(InputError("the phone finished")))
            }
            Diagnostics.report(
                "\(api): the object belongs to app \(name) of a phone that has finished "
                    + "(\(phoneDescription)). \(SimulatedApp.carryOver(name))")
            return Outcome(time: .zero, event: event, result: .rejected(InputError("the app's phone has finished")))
        }
        if let caller = SimulatedApp.current, caller !== self, let callerPhone = caller.boundPhone,
            callerPhone !== phone
        {
            callerPhone.diagnose(
                "\(caller.name) code: \(api) acts on an object of app \(name) on another phone "
                    + "(\(phoneDescription)), still running: an object kept in a singleton is shared by tests that run at "
                    + "the same time; run them one after another (`@Suite(.serialized)`, docs/app-code.md#singletons)")
            return Outcome(
                time: callerPhone.now, event: event,
                result: .rejected(InputError("the object belongs to another phone")))
        }
        let outcome = phone.step(event, cause: .code(name, api))
        if case .succeeded = outcome.result { journal.record(action) }
        phone.deliverPending()
        return outcome
    }

    /// What the app's code declared that outlives a phone (its players, its session's settings, its commands), to
    /// declare again on the phone that adopts the app.
    private var journal = AppJournal()

    /// How a later phone carries an app's objects over.
    static func carryOver(_ name: AppID) -> String {
        "A phone carries them over when it installs an app named \(name) whose launch returns the same object as "
            + "before (the singleton): `install(\"\(name)\") { Manager.shared }` (docs/app-code.md#singletons)"
    }

    /// What the app's launch code returned, once its phone has finished (weakly: only a singleton keeps it).
    private weak var finishedCode: AnyObject?

    /// The app's phone has finished: the app lets go of its launch code and what it returned (a singleton keeps it).
    func phoneFinished() {
        if let code, Swift.type(of: code as Any) is AnyObject.Type { finishedCode = code as AnyObject }
        // What the code's objects do as they go (their deinits) goes with the phone, unreported.
        finishing = true
        // In the app's context: the shared objects its deinits ask for are its own, and act on no phone.
        SimulatedApp.$runningCode.withValue(self) {
            code = nil
            launch = nil
        }
        finishing = false
    }

    /// Set while the app lets go of its code as its phone finishes.
    private var finishing = false

    /// Whether `code`, returned by a launch on another phone, is what this app's launch returned on its finished
    /// phone: the same object, kept by a singleton.
    func launchedBefore(_ code: Any) -> Bool {
        guard let finishedCode, Swift.type(of: code) is AnyObject.Type else { return false }
        return (code as AnyObject) === finishedCode
    }

    /// The app of `name` whose phone has finished, if its launch returned the same object as `code` returns now: it
    /// moves to `phone` in place of `fresh`, the app `phone` launched it as (see `adopt(by:replacing:)`).
    static func adoptOrphan(
        named name: AppID, launchedAgain code: Any, by phone: SimulatedPhone,
        replacing fresh: SimulatedApp
    ) -> SimulatedApp? {
        guard let orphan = registry.claim(named: name, launchedAgain: code, by: phone) else { return nil }
        orphan.adopt(by: phone, replacing: fresh)
        return orphan
    }

    /// Binds the app to `phone` if it is an orphan launched again with the same code (under the registry's lock,
    /// so that two phones never adopt one app).
    func bind(to phone: SimulatedPhone, ifLaunchedAgainWith code: Any) -> Bool {
        guard boundPhone == nil, launchedBefore(code) else { return false }
        boundPhone = phone
        return true
    }

    /// The app, with every object its code kept (a singleton's players, observers, handlers, timers), runs on
    /// `phone` now, as one process keeps its objects, in place of `fresh`: what the launch made there joins it. What
    /// the code declared is declared again: its live players with their items, its session's category, mode and
    /// preferences, the commands it handles, its Now Playing info. The session is not active: a new phone is a new
    /// device.
    private func adopt(by phone: SimulatedPhone, replacing fresh: SimulatedApp) {
        phoneDescription = phone.description
        saidPhoneFinished = false
        finishedCode = nil
        remoteCommandResults = []
        toldLifecycle = fresh.toldLifecycle
        resignedActive = fresh.resignedActive
        isLaunching = fresh.isLaunching
        observedValuesMayHaveChanged = true
        for timer in timers { timer.restart(at: phone.now) }
        notificationCenter.takeObservers(of: fresh.notificationCenter)
        commandCenter.takeHandlers(of: fresh.commandCenter)
        players.merge(fresh.players) { kept, _ in kept }
        valueObservations += fresh.valueObservations
        timers += fresh.timers
        phone.apps[name] = self
        let livePlayers = Set(players.filter { $0.value.object != nil }.keys)
        for action in journal.actions(keepingPlayers: livePlayers) {
            call(action, api: "carried over: \(action)")
        }
    }

    /// Every app made on any phone, by name (weakly), for a later phone to adopt.
    private static let registry = AppRegistry()

    static func register(_ app: SimulatedApp) { registry.register(app) }

    /// The app's code calls an API that changes nothing in the engine but is worth a line in the transcript.
    var now: Time { phone.now }

    // MARK: Players

    func register(
        _ player: AnyObject, kind: PlayerKind, preferredName: String, items: [PlayerItem] = [],
        configure: (inout PlayerConfig) -> Void = { _ in }
    ) -> String {
        var name = preferredName.isEmpty || !AppID.isValid(preferredName) ? kind.rawValue : preferredName
        if players[name]?.object != nil || state?.player(named: name) != nil {
            var n = 2
            while players["\(name)\(n)"]?.object != nil || state?.player(named: "\(name)\(n)") != nil { n += 1 }
            name = "\(name)\(n)"
        }
        players[name] = WeakPlayer(object: player)
        var config = PlayerConfig(name: name, kind: kind, items: items)
        configure(&config)
        call(.declarePlayer(config), api: "\(kind) \(name) made")
        if !items.isEmpty { call(.setItems(player: name, items), api: "\(kind) \(name) items") }
        return name
    }

    func player(named name: String) -> AnyObject? { players[name]?.object }

    /// The app's AVAudioEngines still alive, by engine name.
    var audioEngines: [AVAudioEngine] { players.keys.sorted().compactMap { players[$0]?.object as? AVAudioEngine } }

    /// A media file's item: its duration and title from the phone's media, streamed when its URL is http(s).
    func item(for url: URL?) -> PlayerItem {
        guard let url else { return PlayerItem() }
        let media = phone.media[url.lastPathComponent]
        return PlayerItem(
            title: media?.title ?? url.deletingPathExtension().lastPathComponent,
            duration: media?.duration, fails: media?.fails ?? false)
    }

    func media(for url: URL) -> SimulatedMedia? { phone.media[url.lastPathComponent] }

    // MARK: Observers and timers

    func addValueObservation(_ observation: ValueObservation) {
        valueObservations.append(observation)
    }

    func notifyValueObservers() {
        valueObservations.removeAll { !$0.isValid }
        for observation in valueObservations { run { observation.check() } }
        for name in players.keys.sorted() {
            if let player = players[name]?.object as? AVPlayer {
                run {
                    player.postRateChange()
                    player.currentItem?.postStallIfBufferRanOut()
                }
            }
        }
        for timer in timers where timer.playingChanged() { run { timer.fire() } }
    }

    func addTimer(_ timer: any PlayerTimer) { timers.append(timer) }

    func removeTimer(_ token: Any) {
        timers.removeAll { $0 === token as AnyObject }
    }

    func nextTimerFire(after time: Time) -> Time? {
        timers.removeAll { $0.player == nil }
        return timers.compactMap { $0.nextFire(after: time) }.min()
    }

    func fireTimers(at time: Time) {
        for timer in timers where timer.fires(at: time) { run { timer.fire() } }
    }

    /// Runs `action` as the app's code when the phone's clock reaches `time` (a recorder's end, a scheduled start),
    /// with the app's other scheduled work; the phone's `advance(by:)` stops there. Cancel it with the returned
    /// work's `cancel()`.
    @discardableResult
    func schedule(at time: Time, _ action: @escaping () -> Void) -> ScheduledWork? {
        schedule(after: max(time - now, .zero), on: nil, action)
    }

    /// The recorder that last started recording: the one the engine's recorder of the app stands for.
    weak var recordingRecorder: AVAudioRecorder?

    // MARK: What the engine tells the app

    /// Hands a notification the engine delivered to this app at transcript step `step` to its code.
    func deliver(_ notification: SessionNotification, value: RemoteValue?, step: Int) {
        run {
            switch notification.kind {
            case .remoteCommand(let command, _):
                let statuses = commandCenter.dispatch(command, value: value, at: now)
                remoteCommandResults.append(RemoteCommandResult(time: now, command: command, statuses: statuses))
                if statuses.count > 1 {
                    phone.reportLint(
                        .remoteHandlersAddedAgain(
                            name, command: command, handlers: statuses.count,
                            time: now, step: step))
                }
            case .playbackStateChanged(let player, _):
                if let controller = self.player(named: player) as? MPMusicPlayerController {
                    notificationCenter.post(name: .MPMusicPlayerControllerPlaybackStateDidChange, object: controller)
                }
            case .didPlayToEndTime(let player):
                if let player = self.player(named: player) as? AVPlayer, let item = player.itemThatPlayed {
                    notificationCenter.post(name: .AVPlayerItemDidPlayToEndTime, object: item)
                }
            default:
                guard let (name, userInfo) = AVAudioSession.notification(for: notification.kind, ios: phone.engine.ios)
                else { return }
                notificationCenter.post(name: name, object: session, userInfo: userInfo)
                audioPlayerDelegates(after: notification.kind)
                if case .routeChange = notification.kind {
                    for engine in audioEngines { engine.routeChanged(session: session) }
                }
            }
        }
    }

    /// AVAudioPlayer's own interruption callbacks, after the session's notification.
    private func audioPlayerDelegates(after kind: NotificationKind) {
        if let recorder = recordingRecorder,
            state?.players.first(where: \.kind.isRecorder)?.pausedByInterruption == true
        {
            switch kind {
            case .interruptionBegan: recorder.delegate?.audioRecorderBeginInterruption(recorder)
            case .interruptionEnded(let shouldResume):
                recorder.delegate?.audioRecorderEndInterruption(
                    recorder,
                    withOptions: shouldResume ? Int(AVAudioSession.InterruptionOptions.shouldResume.rawValue) : 0)
            default: break
            }
        }
        let audioPlayers = players.keys.sorted().compactMap { players[$0]?.object as? AVAudioPlayer }
        for player in audioPlayers where state?.player(named: player.engineName)?.pausedByInterruption == true {
            switch kind {
            case .interruptionBegan: player.delegate?.audioPlayerBeginInterruption(player)
            case .interruptionEnded(let shouldResume):
                player.delegate?.audioPlayerEndInterruption(
                    player,
                    withOptions: shouldResume ? Int(AVAudioSession.InterruptionOptions.shouldResume.rawValue) : 0)
            default: break
            }
        }
    }

    /// Hands a change the engine made to this app to its code: its lifecycle, a player that finished.
    func apply(_ decision: Decision) {
        run {
            switch decision.change {
            case .lifecycle(let lifecycle): tell(lifecycle)
            case .player(let name, .stopped) where decision.rule.id == "player.item-ends":
                if let player = player(named: name) as? AVAudioPlayer {
                    player.playedToEnd = true
                    player.delegate?.audioPlayerDidFinishPlaying(player, successfully: true)
                }
            case .playerItem(let name, let index, _):
                (player(named: name) as? AVPlayer)?.engineMovedTo(item: index)
            default: break
            }
        }
    }

    /// Before the test sends this app a lifecycle event: what UIKit posts first.
    func lifecycleWillChange(_ action: AppAction) {
        run {
            switch action {
            case .background where toldLifecycle == .foreground && !resignedActive:
                resignedActive = true
                application.post(UIApplication.willResignActiveNotification) { $0.applicationWillResignActive($1) }
                // Before iOS 14, didEnterBackground came before iOS paused a player whose video was on screen, so
                // detaching the video there kept the sound (QA1668); from iOS 14 it comes too late (FB8722590).
                if phone.engine.ios < 14 {
                    toldLifecycle = .background
                    application.post(UIApplication.didEnterBackgroundNotification) {
                        $0.applicationDidEnterBackground($1)
                    }
                }
            case .terminate where state?.lifecycle != .terminated && state?.lifecycle != .suspended:
                application.post(UIApplication.willTerminateNotification) { $0.applicationWillTerminate($1) }
            default: break
            }
        }
    }

    /// Set while the app is installed: it is told its lifecycle once its launch code has run.
    var isLaunching = false

    /// The launch code has run: an app in the foreground becomes active, as after didFinishLaunching.
    func finishLaunching() {
        isLaunching = false
        if toldLifecycle == .foreground {
            application.post(UIApplication.didBecomeActiveNotification) { $0.applicationDidBecomeActive($1) }
        }
    }

    private func tell(_ lifecycle: AppLifecycle) {
        let was = toldLifecycle
        toldLifecycle = lifecycle
        if isLaunching { return }
        if lifecycle == .terminated { forgetEverything() }
        if was == .terminated && lifecycle != .terminated { relaunch() }
        switch lifecycle {
        case .foreground:
            application.post(UIApplication.willEnterForegroundNotification) { $0.applicationWillEnterForeground($1) }
            resignedActive = false
            application.post(UIApplication.didBecomeActiveNotification) { $0.applicationDidBecomeActive($1) }
        case .background where was == .foreground, .suspended where was == .foreground:
            if !resignedActive {
                application.post(UIApplication.willResignActiveNotification) { $0.applicationWillResignActive($1) }
            }
            resignedActive = false
            application.post(UIApplication.didEnterBackgroundNotification) { $0.applicationDidEnterBackground($1) }
        case .background, .suspended, .terminated:
            break
        }
    }
}

/// What one remote command's handlers returned.
public struct RemoteCommandResult: Hashable, Sendable {
    public var time: Time
    public var command: RemoteCommand
    /// Each handler's status, in the order they were added; empty when no handler ran.
    public var statuses: [MPRemoteCommandHandlerStatus]
}

private struct WeakPlayer {
    weak var object: AnyObject?
}
