import ArbiterEngine

/// `AVPlayer`: plays items in the app that made it. Its player in the engine is named after its first item's file
/// (`show.m3u8` → `show`), or `avPlayer`. Its rate, status and time are the engine's.
open class AVPlayer: NSObject, _KeyValueObservingSimulated, @unchecked Sendable {
    /// `AVPlayer.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0, readyToPlay, failed
    }

    /// `AVPlayer.TimeControlStatus`.
    public enum TimeControlStatus: Int, Sendable {
        case paused = 0, waitingToPlayAtSpecifiedRate, playing
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
        let base = items.first?.asset.url?.deletingPathExtension().lastPathComponent ?? kind.rawValue
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
        return app.call(action, api: "\(type(of: self))(\(engineName)).\(api)")
    }

    /// Tells the engine the player's new declaration.
    func redeclare(_ api: String, _ change: (inout PlayerConfig) -> Void) {
        change(&declaration)
        perform(.declarePlayer(declaration), api)
    }

    // MARK: Playing

    open func play() { perform(.play(player: engineName), "play()") }

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

    // MARK: Items and time

    open var currentItem: AVPlayerItem? {
        guard let player = enginePlayer else { return items.first }
        return items.indices.contains(player.itemIndex) ? items[player.itemIndex] : nil
    }

    /// The item that just played to its end, for the notification.
    var itemThatPlayed: AVPlayerItem? { items.indices.contains(itemIndex) ? items[itemIndex] : nil }

    func engineMovedTo(item index: Int) { itemIndex = index }

    open func replaceCurrentItem(with item: AVPlayerItem?) {
        setItems(item.map { [$0] } ?? [], "replaceCurrentItem(with: \(item?.asset.url?.lastPathComponent ?? "nil"))")
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

    open func seek(to time: CMTime) {
        perform(.seek(player: engineName, to: time.seconds), "seek(to: \(time.seconds)s)")
    }

    open func seek(to time: CMTime, completionHandler: @escaping (Bool) -> Void) {
        seek(to: time)
        completionHandler(true)
    }

    /// Calls `block` every `interval` of the phone's time while the player plays, with the player's time.
    open func addPeriodicTimeObserver(forInterval interval: CMTime, queue: DispatchQueue?,
                                      using block: @escaping (CMTime) -> Void) -> Any {
        let observer = PeriodicTimeObserver(player: self, interval: interval, block: block, from: app?.now ?? .zero)
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
        keepPosition { setItems(upcoming, "insert(\(item.asset.url?.lastPathComponent ?? "item"), after:)") }
    }

    open func remove(_ item: AVPlayerItem) {
        keepPosition { setItems(items().filter { $0 !== item }, "remove(\(item.asset.url?.lastPathComponent ?? "item"))") }
    }

    open func removeAllItems() { setItems([], "removeAllItems()") }

    /// Replaces the current item only; the items after it stay queued.
    open override func replaceCurrentItem(with item: AVPlayerItem?) {
        let rest = Array(items().dropFirst())
        setItems((item.map { [$0] } ?? []) + rest,
                 "replaceCurrentItem(with: \(item?.asset.url?.lastPathComponent ?? "nil"))")
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

/// A periodic time observer: fires at the multiples of its interval while its player plays.
final class PeriodicTimeObserver: @unchecked Sendable {
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
        self.interval = max(.seconds(interval.isNumeric ? interval.seconds : 1), shortest, .ms(1))
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
