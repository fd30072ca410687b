import ArbiterEngine

/// An app whose code runs on a `SimulatedPhone`: its shared objects, its observers, its players and its timers.
///
/// Its code runs in its context: inside `SimulatedPhone.install` and `run(in:)`, and in every handler the phone calls
/// for it. There `AVAudioSession.sharedInstance()` and the other shared objects are this app's.
public final class SimulatedApp: @unchecked Sendable {
    public let name: AppID
    unowned let phone: SimulatedPhone
    /// The app whose code is running, if any.
    @TaskLocal static var current: SimulatedApp?

    private(set) var notificationCenter = NotificationCenter()
    private(set) lazy var session = AVAudioSession(app: self)
    private(set) lazy var commandCenter = MPRemoteCommandCenter(app: self)
    private(set) lazy var nowPlayingInfoCenter = MPNowPlayingInfoCenter(app: self)
    private(set) lazy var application = UIApplication(app: self)
    /// The app's launch code, run again when the app is launched after it was terminated.
    var launch: (() throws -> Any)?
    /// What each remote command's handlers returned, in order.
    public private(set) var remoteCommandResults: [RemoteCommandResult] = []

    /// The app's players by engine name (weakly: a player the code lets go of is gone).
    private var players: [String: WeakPlayer] = [:]
    private var valueObservations: [ValueObservation] = []
    private var timers: [PeriodicTimeObserver] = []
    var observedValuesMayHaveChanged = false
    /// What the app's launch code returned (the last time it ran), kept alive as UIKit keeps an app's delegate.
    public internal(set) var code: Any?

    /// What the app launched with, the code's objects and what they observed, as the app was terminated; a launch
    /// afterwards starts afresh with new shared objects and runs the launch code again.
    private func forgetEverything() {
        code = nil
        players = [:]
        valueObservations = []
        timers = []
        notificationCenter = NotificationCenter()
        session = AVAudioSession(app: self)
        commandCenter = MPRemoteCommandCenter(app: self)
        nowPlayingInfoCenter = MPNowPlayingInfoCenter(app: self)
        application = UIApplication(app: self)
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
        self.phone = phone
    }

    /// The app as the engine has it.
    public var state: App? { phone.engine.app(name) }

    /// Runs `body` as this app's code.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try SimulatedApp.$current.withValue(self, operation: body)
    }

    /// The app's code makes a call: an event of the app now. What it tells the apps is delivered before this returns,
    /// unless a delivery is under way (then it joins the end of the queue, after the deliveries already waiting).
    @discardableResult
    func call(_ action: AppAction, api: String) -> Outcome {
        let outcome = phone.step(.app(name, action), cause: .code(name, api))
        phone.deliverPending()
        return outcome
    }

    /// The app's code calls an API that changes nothing in the engine but is worth a line in the transcript.
    var now: Time { phone.now }

    // MARK: Players

    func register(_ player: AnyObject, kind: PlayerKind, preferredName: String, items: [PlayerItem] = [],
                  configure: (inout PlayerConfig) -> Void = { _ in }) -> String {
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

    /// A media file's item: its duration and title from the phone's media, streamed when its URL is http(s).
    func item(for url: URL?) -> PlayerItem {
        guard let url else { return PlayerItem() }
        let media = phone.media[url.lastPathComponent]
        return PlayerItem(title: media?.title ?? url.deletingPathExtension().lastPathComponent,
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
        for timer in timers where timer.playingChanged() { run { timer.fire() } }
    }

    func addTimer(_ timer: PeriodicTimeObserver) { timers.append(timer) }

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

    // MARK: What the engine tells the app

    /// Hands a notification the engine delivered to this app at transcript step `step` to its code.
    func deliver(_ notification: SessionNotification, value: RemoteValue?, step: Int) {
        run {
            switch notification.kind {
            case .remoteCommand(let command, _):
                let statuses = commandCenter.dispatch(command, value: value, at: now)
                remoteCommandResults.append(RemoteCommandResult(time: now, command: command, statuses: statuses))
                if statuses.count > 1 {
                    phone.reportLint(.remoteHandlersAddedAgain(name, command: command, handlers: statuses.count,
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
            }
        }
    }

    /// AVAudioPlayer's own interruption callbacks, after the session's notification.
    private func audioPlayerDelegates(after kind: NotificationKind) {
        let audioPlayers = players.keys.sorted().compactMap { players[$0]?.object as? AVAudioPlayer }
        for player in audioPlayers where state?.player(named: player.engineName)?.pausedByInterruption == true {
            switch kind {
            case .interruptionBegan: player.delegate?.audioPlayerBeginInterruption(player)
            case .interruptionEnded(let shouldResume):
                player.delegate?.audioPlayerEndInterruption(
                    player, withOptions: shouldResume ? Int(AVAudioSession.InterruptionOptions.shouldResume.rawValue) : 0)
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
                    application.post(UIApplication.didEnterBackgroundNotification) { $0.applicationDidEnterBackground($1) }
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
