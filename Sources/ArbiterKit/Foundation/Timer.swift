import ArbiterEngine

/// `Timer`, block-based. A timer made in an app's code on the simulated phone fires on the phone's clock, in that
/// app's context, on its main thread: `Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { ... }` fires at
/// each simulated second as `SimulatedPhone.advance(by:)` passes it, the same every run. Elsewhere it is a
/// Foundation timer on the current run loop. It shadows Foundation's class for code that imports ArbiterKit; the
/// selector forms need the Objective-C runtime and are not offered (docs/app-code.md#selectors).
open class Timer: NSObject, @unchecked Sendable {
    public let timeInterval: TimeInterval
    private let repeats: Bool
    private let block: (Timer) -> Void
    private let app: SimulatedApp?
    /// The pending fires on the phone: a repeating timer's, or a one-shot timer's.
    private var repeating: RepeatingWork?
    private var once: ScheduledWork?
    /// Foundation's timer, for a timer made outside any app's code.
    private var foundationTimer: Foundation.Timer?
    private var firstFire: Date?
    open var tolerance: TimeInterval = 0
    open var userInfo: Any?
    public private(set) var isValid = true

    /// A timer, not yet scheduled: add it to a run loop (`RunLoop.main.add(timer, forMode: .common)`).
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        timeInterval = interval
        self.repeats = repeats
        self.block = block
        app = SimulatedApp.current
    }

    /// A timer whose first fire is at `date` (on the phone: that far from now, as the real clock counts it).
    public convenience init(
        fire date: Date, interval: TimeInterval, repeats: Bool,
        block: @escaping @Sendable (Timer) -> Void
    ) {
        self.init(timeInterval: interval, repeats: repeats, block: block)
        firstFire = date
    }

    /// A timer scheduled on the current run loop (on the phone: its clock).
    @discardableResult
    open class func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool,
        block: @escaping @Sendable (Timer) -> Void
    ) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// When it fires next.
    open var fireDate: Date {
        guard let phone = app?.runningPhone, let next = repeating?.nextTime ?? once?.time else {
            return firstFire ?? .distantFuture
        }
        return Date(timeIntervalSinceNow: Double((next - phone.now).milliseconds) / 1000)
    }

    /// Fires: the block runs (called by the schedule, or by the code out of turn); a repeating timer keeps its
    /// schedule, a one-shot timer is invalidated.
    open func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer: it never fires again, and whatever kept it scheduled lets it go.
    open func invalidate() {
        isValid = false
        repeating?.cancel()
        repeating = nil
        once?.cancel()
        once = nil
        foundationTimer?.invalidate()
        foundationTimer = nil
    }

    /// Starts counting: on the phone from its now, elsewhere on Foundation's current run loop. Either keeps the
    /// timer until it is invalidated (or, one-shot, has fired), as a run loop keeps its timers: code need not keep it.
    func schedule() {
        guard isValid, repeating == nil, once == nil, foundationTimer == nil else { return }
        guard let app, app.isOnRunningPhone else {
            let timer = Foundation.Timer(
                fire: firstFire ?? Date(timeIntervalSinceNow: timeInterval),
                interval: timeInterval, repeats: repeats
            ) { _ in self.fire() }
            foundationTimer = timer
            Foundation.RunLoop.current.add(timer, forMode: .default)
            return
        }
        let first = Timer.step(firstFire.map { max($0.timeIntervalSinceNow, 0) } ?? timeInterval)
        if repeats {
            // Each fire counts from the last one's time.
            repeating = RepeatingWork(app, on: .main, after: first, every: Timer.step(timeInterval)) { self.fire() }
        } else {
            once = app.schedule(after: first, on: .main) { self.fire() }
        }
    }

    /// How long until a fire `seconds` away, as the phone counts: at least a millisecond (iOS takes an interval of
    /// zero or less as 0.1 ms, and the phone's clock counts milliseconds), so a timer never fires twice at one
    /// instant; not a number counts as zero.
    static func step(_ seconds: TimeInterval) -> Time {
        max(.phoneSeconds(seconds.isNaN ? 0 : seconds), .ms(1))
    }
}

/// `RunLoop`, as app code uses it to schedule timers. On the phone, `RunLoop.main.add(timer, forMode:)` starts the
/// timer on the phone's clock. Running a run loop by hand is Foundation's (outside any app's code) or reported.
public final class RunLoop: @unchecked Sendable {
    public typealias Mode = Foundation.RunLoop.Mode

    private init() {}

    public static let main = RunLoop()
    /// The run loop of the caller's thread (on the phone: the app's main run loop).
    public static var current: RunLoop { main }

    /// Schedules `timer` (on the phone: on its clock, whatever the mode).
    public func add(_ timer: Timer, forMode mode: Mode) { timer.schedule() }

    /// Runs `block` on the run loop's thread: on the phone, as `DispatchQueue.main.async` does.
    public func perform(_ block: @escaping @Sendable () -> Void) { DispatchQueue.main.async(execute: block) }

    public func run(until limitDate: Date) {
        guard unmodelled("RunLoop.run(until:)") else { return Foundation.RunLoop.current.run(until: limitDate) }
    }

    public func run(mode: Mode, before limitDate: Date) -> Bool {
        guard unmodelled("RunLoop.run(mode:before:)") else {
            return Foundation.RunLoop.current.run(mode: mode, before: limitDate)
        }
        return false
    }

    /// On the phone, running a run loop by hand is not modelled (time passes with `SimulatedPhone.advance(by:)`).
    private func unmodelled(_ api: String) -> Bool {
        guard let app = SimulatedApp.current else { return false }
        Diagnostics.unmodelled(api, app: app)
        return true
    }
}
