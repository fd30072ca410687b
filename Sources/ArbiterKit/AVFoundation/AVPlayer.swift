import ArbiterEngine

/// `AVPlayer`: plays items in the app that made it. Its player in the engine is named after its first item's file
/// (`show.m3u8` → `show`), or `avPlayer`. Its rate, status and time are the engine's.
open class AVPlayer: NSObject, _KeyValueObservingSimulated, @unchecked Sendable {
    /// `AVPlayer.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay, failed
    }

    /// `AVPlayer.TimeControlStatus`.
    public enum TimeControlStatus: Int, Sendable {
        case paused = 0
        case waitingToPlayAtSpecifiedRate, playing
    }

    /// `AVPlayer.ActionAtItemEnd`.
    public enum ActionAtItemEnd: Int, Sendable {
        case advance = 0
        case pause, none
    }

    /// `AVPlayer.WaitingReason`: why a player asked to play is waiting.
    public struct WaitingReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let toMinimizeStalls = WaitingReason(rawValue: "AVPlayerWaitingToMinimizeStallsReason")
        public static let evaluatingBufferingRate =
            WaitingReason(rawValue: "AVPlayerWaitingWhileEvaluatingBufferingRateReason")
        public static let noItemToPlay = WaitingReason(rawValue: "AVPlayerWaitingWithNoItemToPlayReason")
        public static let interstitialEvent = WaitingReason(rawValue: "AVPlayerWaitingDuringInterstitialEventReason")
        public static let waitingForCoordinatedPlayback =
            WaitingReason(rawValue: "AVPlayerWaitingForCoordinatedPlaybackReason")
    }

    let app: SimulatedApp?
    /// The player's name in the engine.
    public private(set) var engineName = "avPlayer"
    /// The items in order; the engine's item index picks the current one.
    var items: [AVPlayerItem] = []
    /// The item the engine last said is current (a queue moves on before the app hears the last one ended).
    private var itemIndex = 0
    var kind: PlayerKind { .avPlayer }
    /// The declaration the engine has (kind, Now Playing, video), changed by AVPlayerViewController and AVPlayerLayer.
    var declaration: PlayerConfig

    public override convenience init() { self.init(items: []) }

    public convenience init(url URL: URL) { self.init(items: [AVPlayerItem(url: URL)]) }

    public convenience init(playerItem item: AVPlayerItem?) { self.init(items: item.map { [$0] } ?? []) }

    init(items: [AVPlayerItem]) {
        app = SimulatedApp.current
        declaration = PlayerConfig(name: "", kind: .avPlayer)
        super.init()
        declaration.kind = kind
        self.items = items
        for item in items { item.player = self }
        guard let app else {
            Diagnostics.outsideApp("\(type(of: self)).init")
            return
        }
        let base = items.first?.asset.assetURL?.deletingPathExtension().lastPathComponent ?? kind.rawValue
        declaration.streams = items.contains(where: \.streams)
        engineName = app.register(self, kind: kind, preferredName: base, items: items.map(\.engineItem)) {
            $0.streams = self.declaration.streams
        }
        declaration.name = engineName
    }

    public var _observingApp: SimulatedApp? { app }

    var enginePlayer: Player? { app?.state?.player(named: engineName) }

    @discardableResult
    func perform(_ action: AppAction, _ api: String) -> Outcome? {
        guard let app else {
            Diagnostics.outsideApp("\(type(of: self)).\(api)")
            return nil
        }
        // The rate's notification is posted as the call's step is delivered, before it returns.
        switch action {
        case .play, .pause, .rate: rateReason = .setRateCalled
        default: break
        }
        defer { rateReason = nil }
        return app.call(action, api: "\(type(of: self))(\(engineName)).\(api)")
    }

    /// Tells the engine the player's new declaration.
    func redeclare(_ api: String, _ change: (inout PlayerConfig) -> Void) {
        change(&declaration)
        perform(.declarePlayer(declaration), api)
    }

    // MARK: Playing

    /// Plays at `defaultRate` (1 unless set), as iOS does: a rate set before a pause is not kept.
    open func play() {
        if let current = enginePlayer?.rate, defaultRate > 0, current != Double(defaultRate) {
            perform(.rate(player: engineName, Double(defaultRate)), "play() at defaultRate \(defaultRate)")
        }
        perform(.play(player: engineName), "play()")
    }

    /// `defaultRate` (iOS 16): the rate `play()` plays at, 1 by default.
    open var defaultRate: Float = 1

    /// `playImmediately(atRate:)`: plays at `rate` now. The engine has no separate "immediately": a stream that has
    /// nothing to play waits as after `play()` (`[stream.waits-to-minimize-stalling]`).
    open func playImmediately(atRate rate: Float) {
        guard rate != 0 else {
            perform(.pause(player: engineName), "playImmediately(atRate: 0)")
            return
        }
        perform(.rate(player: engineName, Double(rate)), "playImmediately(atRate: \(rate))")
        perform(.play(player: engineName), "playImmediately(atRate: \(rate))")
    }

    /// Why the player waits while `timeControlStatus` is `.waitingToPlayAtSpecifiedRate`, else nil:
    /// `.noItemToPlay` without a current item, otherwise `.toMinimizeStalls` (its stream is loading or its buffer
    /// is empty, `[stream.waits-to-minimize-stalling]`).
    open var reasonForWaitingToPlay: WaitingReason? {
        guard timeControlStatus == .waitingToPlayAtSpecifiedRate else { return nil }
        return currentItem == nil ? .noItemToPlay : .toMinimizeStalls
    }

    /// What happens when an item ends: `.pause` for an `AVPlayer`, `.advance` for an `AVQueuePlayer`, as the engine
    /// plays them (`[player.item-ends]`, `[player.queue-advances]`). Another action is kept and reported as not
    /// modelled: the engine still pauses (`AVPlayer`) or advances (`AVQueuePlayer`).
    open var actionAtItemEnd: ActionAtItemEnd {
        get { _actionAtItemEnd ?? (kind == .queuePlayer ? .advance : .pause) }
        set {
            _actionAtItemEnd = newValue
            let modelled: ActionAtItemEnd = kind == .queuePlayer ? .advance : .pause
            if newValue != modelled {
                Diagnostics.unmodelled("\(type(of: self)).actionAtItemEnd = .\(newValue)", app: app)
            }
        }
    }

    private var _actionAtItemEnd: ActionAtItemEnd?

    open func pause() { perform(.pause(player: engineName), "pause()") }

    /// The rate: 0 when paused, the rate asked for while playing (also while waiting for its stream). Setting 0
    /// pauses; setting another rate plays at it.
    open var rate: Float {
        get { Float(enginePlayer?.effectiveRate ?? 0) }
        set {
            if newValue == 0 {
                perform(.pause(player: engineName), "rate = 0")
            } else {
                perform(.rate(player: engineName, Double(newValue)), "rate = \(newValue)")
                if enginePlayer?.state != .playing { perform(.play(player: engineName), "rate = \(newValue)") }
            }
        }
    }

    open var timeControlStatus: TimeControlStatus {
        switch enginePlayer?.timeControlStatus {
        case .playing?: .playing
        case .waitingToPlayAtSpecifiedRate?: .waitingToPlayAtSpecifiedRate
        case .paused?, nil: .paused
        }
    }

    open var status: Status { app == nil ? .unknown : currentItem?.status == .failed ? .failed : .readyToPlay }

    open var error: Error? { currentItem?.error }

    /// `automaticallyWaitsToMinimizeStalling` (default true): false makes a stalled stream pause.
    open var automaticallyWaitsToMinimizeStalling: Bool {
        get { declaration.automaticallyWaitsToMinimizeStalling }
        set {
            redeclare("automaticallyWaitsToMinimizeStalling = \(newValue)") {
                $0.automaticallyWaitsToMinimizeStalling = newValue
            }
        }
    }

    open var volume: Float = 1
    open var isMuted = false

    /// Kept and read back (true by default, as on iOS). AirPlay video is not modelled, so external playback is
    /// never active: the phone's own route plays the audio.
    open var allowsExternalPlayback = true
    /// Kept and read back.
    open var usesExternalPlaybackWhileExternalScreenIsActive = false
    /// False: AirPlay video is not modelled.
    open var isExternalPlaybackActive: Bool { false }
    /// Kept and read back (true by default); the phone has no display to keep awake.
    open var preventsDisplaySleepDuringVideoPlayback = true

    /// `.automatic` (the default) is the engine's rule: a player whose video is on screen pauses when its app goes to
    /// the background (`[player.video-pauses-in-background]`). Another policy is reported as not modelled and kept.
    open var audiovisualBackgroundPlaybackPolicy = AVPlayerAudiovisualBackgroundPlaybackPolicy.automatic {
        didSet {
            if audiovisualBackgroundPlaybackPolicy != .automatic {
                Diagnostics.unmodelled(
                    "AVPlayer.audiovisualBackgroundPlaybackPolicy = .\(audiovisualBackgroundPlaybackPolicy)",
                    app: app)
            }
        }
    }

    /// `AVPlayer.rateDidChangeNotification` (iOS 15): posted to the app's `NotificationCenter.default` (object: the
    /// player) when `rate` changes, after the step that changed it, as its KVO is; `rateDidChangeReasonKey` says
    /// why (`RateDidChangeReason`). No participant key: coordinated playback is not modelled.
    public static let rateDidChangeNotification = NSNotification.Name("AVPlayerRateDidChangeNotification")
    public static let rateDidChangeReasonKey = "AVPlayerRateDidChangeReasonKey"
    public static let rateDidChangeOriginatingParticipantKey = "AVPlayerRateDidChangeOriginatingParticipantKey"

    /// `AVPlayer.RateDidChangeReason`: why the rate changed. The app's own call (`play()`, `pause()`, `rate`) is
    /// `setRateCalled` (a call the phone refused changes no rate, so nothing is posted); a rate the system changed is
    /// `audioSessionInterrupted` while the app's session is interrupted, `appBackgrounded` while the app is in the
    /// background; any other change (an item that played to its end) is posted without a reason.
    public struct RateDidChangeReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let setRateCalled = RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonSetRateCalled")
        public static let setRateFailed = RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonSetRateFailed")
        public static let audioSessionInterrupted =
            RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonAudioSessionInterrupted")
        public static let appBackgrounded =
            RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonAppBackgrounded")
    }

    /// The rate the app was last told of, and why the rate changes now if the app's code changed it.
    private var toldRate: Float = 0
    private var rateReason: RateDidChangeReason?

    /// Posts `rateDidChangeNotification` if the rate changed since the app was last told.
    func postRateChange() {
        guard let app, app.isOnRunningPhone else { return }
        let now = rate
        defer { rateReason = nil }
        guard now != toldRate else { return }
        toldRate = now
        let state = app.state
        let reason =
            rateReason
            ?? (state?.session.isInterrupted == true
                ? .audioSessionInterrupted : state?.lifecycle == .background ? .appBackgrounded : nil)
        app.notificationCenter.post(
            name: AVPlayer.rateDidChangeNotification, object: self,
            userInfo: reason.map { [AVPlayer.rateDidChangeReasonKey: $0] })
    }

    // MARK: Items and time

    open var currentItem: AVPlayerItem? {
        guard let player = enginePlayer else { return items.first }
        return items.indices.contains(player.itemIndex) ? items[player.itemIndex] : nil
    }

    /// The item that just played to its end, for the notification.
    var itemThatPlayed: AVPlayerItem? { items.indices.contains(itemIndex) ? items[itemIndex] : nil }

    func engineMovedTo(item index: Int) { itemIndex = index }

    open func replaceCurrentItem(with item: AVPlayerItem?) {
        setItems(
            item.map { [$0] } ?? [], "replaceCurrentItem(with: \(item?.asset.assetURL?.lastPathComponent ?? "nil"))")
    }

    func setItems(_ newItems: [AVPlayerItem], _ api: String) {
        for item in items where !newItems.contains(where: { $0 === item }) { item.player = nil }
        items = newItems
        itemIndex = 0
        for item in newItems { item.player = self }
        if newItems.contains(where: \.streams) != declaration.streams {
            redeclare(api) { $0.streams = newItems.contains(where: \.streams) }
        }
        perform(.setItems(player: engineName, newItems.map(\.engineItem)), api)
    }

    open func currentTime() -> CMTime {
        guard let app, let player = enginePlayer else { return .zero }
        return .seconds(player.position(at: app.now))
    }

    /// Moves the current item to `time` (exactly, which any tolerance allows), at most to the item's end. A time
    /// that is not a number (iOS raises an exception) is reported and does nothing. Returns whether it seeked.
    @discardableResult
    func seek(_ time: CMTime, _ api: String) -> Bool {
        guard time.isNumeric else {
            let message =
                "\(type(of: self))(\(engineName)).\(api) with \(time): iOS raises an exception for a time "
                + "that is not a number"
            if let app { app.phone.diagnose("\(app.name) code: \(message)") } else { Diagnostics.report(message) }
            return false
        }
        guard currentItem != nil else { return false }
        var seconds = max(0, time.seconds)
        if let duration = enginePlayer?.currentItem?.duration { seconds = min(seconds, duration) }
        let outcome = perform(
            .seek(player: engineName, to: seconds), "\(api.replacingOccurrences(of: "%", with: "\(seconds)s"))")
        if case .succeeded? = outcome?.result, let item = currentItem { item.timeJumped() }
        return true
    }

    open func seek(to time: CMTime) { seek(time, "seek(to: %)") }

    /// The completion handler is called at once: true when the player seeked (it has a current item), as a seek
    /// that nothing interrupts finishes.
    open func seek(to time: CMTime, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(seek(time, "seek(to: %)"))
    }

    /// `seek(to:) async`: true when the player seeked. Its result may be dropped, as in the API iOS imports.
    @discardableResult
    nonisolated(nonsending) open func seek(to time: CMTime) async -> Bool { seek(time, "seek(to: %)") }

    /// The engine seeks exactly, which every tolerance allows.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        seek(time, "seek(to: %, toleranceBefore:toleranceAfter:)")
    }

    open func seek(
        to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
        completionHandler: @escaping (Bool) -> Void
    ) {
        completionHandler(seek(time, "seek(to: %, toleranceBefore:toleranceAfter:)"))
    }

    @discardableResult
    nonisolated(nonsending) open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) async
        -> Bool
    {
        seek(time, "seek(to: %, toleranceBefore:toleranceAfter:)")
    }

    /// Calls `block` every `interval` of the phone's time while the player plays, with the player's time.
    open func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?,
        using block: @escaping (CMTime) -> Void
    ) -> Any {
        let observer = PeriodicTimeObserver(player: self, interval: interval, block: block, from: app?.now ?? .zero)
        app?.addTimer(observer)
        return observer
    }

    /// Calls `block` each time the player, playing, passes one of `times` (`NSValue(time:)`) on the phone's clock;
    /// a seek past one does not. The queue is not used.
    open func addBoundaryTimeObserver(
        forTimes times: [NSValue], queue: DispatchQueue?,
        using block: @escaping () -> Void
    ) -> Any {
        let boundaries = times.map(\.timeValue).filter(\.isNumeric).map(\.seconds).sorted()
        let observer = BoundaryTimeObserver(player: self, times: boundaries, block: block)
        app?.addTimer(observer)
        return observer
    }

    open func removeTimeObserver(_ observer: Any) { app?.removeTimer(observer) }
}

/// `AVQueuePlayer`: an AVPlayer that moves on through its items.
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    override var kind: PlayerKind { .queuePlayer }

    public override init(items: [AVPlayerItem]) { super.init(items: items) }

    open func advanceToNextItem() { perform(.nextTrack(player: engineName), "advanceToNextItem()") }

    open func items() -> [AVPlayerItem] {
        guard let player = enginePlayer else { return items }
        return Array(items.dropFirst(player.itemIndex))
    }

    open func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        var upcoming = items()
        let index = afterItem.flatMap { after in upcoming.firstIndex { $0 === after } }.map { $0 + 1 } ?? upcoming.count
        upcoming.insert(item, at: index)
        keepPosition { setItems(upcoming, "insert(\(item.asset.assetURL?.lastPathComponent ?? "item"), after:)") }
    }

    open func remove(_ item: AVPlayerItem) {
        keepPosition {
            setItems(items().filter { $0 !== item }, "remove(\(item.asset.assetURL?.lastPathComponent ?? "item"))")
        }
    }

    open func removeAllItems() { setItems([], "removeAllItems()") }

    /// Replaces the current item only; the items after it stay queued.
    open override func replaceCurrentItem(with item: AVPlayerItem?) {
        let rest = Array(items().dropFirst())
        setItems(
            (item.map { [$0] } ?? []) + rest,
            "replaceCurrentItem(with: \(item?.asset.assetURL?.lastPathComponent ?? "nil"))")
    }

    /// Changes the queue without moving the current item's position, when the current item stays first.
    private func keepPosition(_ change: () -> Void) {
        let current = currentItem
        let position = enginePlayer.map { $0.position(at: app?.now ?? .zero) } ?? 0
        change()
        if current != nil, currentItem === current, position > 0 {
            perform(.seek(player: engineName, to: position), "keeps its position")
        }
    }
}

/// A block the phone calls at times on its clock, for a player (periodic and boundary time observers).
protocol PlayerTimer: AnyObject {
    var player: AVPlayer? { get }
    /// The next time after `time` it fires at, if any.
    func nextFire(after time: Time) -> Time?
    func fires(at time: Time) -> Bool
    /// Whether it fires because its player started or stopped playing since it last looked.
    func playingChanged() -> Bool
    func fire()
    /// Counts from `time` again (on the phone that adopted its app).
    func restart(at time: Time)
}

/// A boundary time observer: fires when its playing player's time reaches one of its times.
final class BoundaryTimeObserver: PlayerTimer, @unchecked Sendable {
    weak var player: AVPlayer?
    let times: [Double]
    let block: () -> Void
    /// The boundary `nextFire` found and when the player reaches it.
    private var expected: (time: Time, boundary: Double)?

    init(player: AVPlayer, times: [Double], block: @escaping () -> Void) {
        self.player = player
        self.times = times
        self.block = block
    }

    func restart(at time: Time) { expected = nil }

    func nextFire(after time: Time) -> Time? {
        expected = nil
        guard let player, player.timeControlStatus == .playing, let engine = player.enginePlayer, engine.rate > 0
        else { return nil }
        let position = engine.position(at: time)
        let end = engine.currentItem?.duration ?? .infinity
        guard let boundary = times.first(where: { $0 > position + 1e-9 && $0 < end }) else { return nil }
        // The first millisecond at which the position has reached the boundary.
        let ms = Int(((boundary - position) / engine.rate * 1000).rounded(.up))
        let at = time + .ms(Int64(max(ms, 1)))
        expected = (at, boundary)
        return at
    }

    func fires(at time: Time) -> Bool {
        guard let expected, expected.time == time, let player, player.timeControlStatus == .playing,
            let engine = player.enginePlayer
        else { return false }
        // A seek since would have moved the position away from the boundary.
        let position = engine.position(at: time)
        return position >= expected.boundary - 1e-9 && position - expected.boundary < 0.002 * max(engine.rate, 1)
    }

    func playingChanged() -> Bool { false }

    func fire() { block() }
}

/// A periodic time observer: fires at the multiples of its interval while its player plays.
final class PeriodicTimeObserver: PlayerTimer, @unchecked Sendable {
    weak var player: AVPlayer?
    let interval: Time
    let block: (CMTime) -> Void
    private(set) var start: Time

    /// Counts its interval from `time` (on the phone that adopted its app).
    func restart(at time: Time) { start = time }

    init(player: AVPlayer, interval: CMTime, block: @escaping (CMTime) -> Void, from start: Time) {
        self.player = player
        // A very short interval fires as often as a screen updates: `SimulatedPhone.minimumTimeObserverInterval`.
        let shortest = player.app?.runningPhone?.minimumTimeObserverInterval ?? SimulatedPhone.frame
        self.interval = max(.phoneSeconds(interval.isNumeric ? interval.seconds : 1), shortest, .ms(1))
        self.block = block
        self.start = start
    }

    /// The next time after `time` it fires at, if its player is playing.
    func nextFire(after time: Time) -> Time? {
        guard let player, player.timeControlStatus == .playing else { return nil }
        let elapsed = (time - start).milliseconds
        let step = interval.milliseconds
        return start + .ms((elapsed / step + 1) * step)
    }

    func fires(at time: Time) -> Bool {
        guard let player, player.timeControlStatus == .playing else { return false }
        return (time - start).milliseconds % interval.milliseconds == 0
    }

    private var wasPlaying = false

    /// Whether its player started or stopped playing since it last looked: the block then runs too, as AVPlayer calls
    /// it when the rate changes.
    func playingChanged() -> Bool {
        let playing = player?.timeControlStatus == .playing
        defer { wasPlaying = playing }
        return playing != wasPlaying
    }

    func fire() {
        guard let player else { return }
        block(player.currentTime())
    }
}

/// `AVPlayerAudiovisualBackgroundPlaybackPolicy`.
public enum AVPlayerAudiovisualBackgroundPlaybackPolicy: Int, Sendable {
    case automatic = 1
    case pauses = 2
    case continuesIfPossible = 3
}
