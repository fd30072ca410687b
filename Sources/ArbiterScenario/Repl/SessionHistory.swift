/// The steps a REPL session has taken, each kept with the session as it was just before it: what `history`, `undo`
/// and `goto N` read and put back, on every platform. A platform's session brings its `State` (its engine, clock,
/// linter and whatever else going back restores) and its `Step` (a line taken, with what it did).
///
/// A session that keeps no states (a live one, which runs for days) keeps its latest `stepsKept` steps only, for
/// `why`, `history` and `save`, and cannot go back.
public struct SessionHistory<State, Step> {
    /// The steps kept, oldest first.
    public private(set) var steps: [Step] = []
    /// How many steps were taken before the first of `steps`, no longer kept.
    public private(set) var dropped = 0
    /// The session before each of `steps` (`states[i]` is before `steps[i]`); empty when states are not kept.
    private var states: [State] = []
    /// Whether each step keeps the state before it.
    public let keepsStates: Bool
    /// How many steps are kept when states are not; nil: every one.
    public var stepsKept: Int?

    public init(keepsStates: Bool = true) { self.keepsStates = keepsStates }

    public var isEmpty: Bool { steps.isEmpty }
    public var count: Int { steps.count }
    public var last: Step? { steps.last }

    /// A step taken, with the session just before it (kept only when states are).
    public mutating func append(_ step: Step, before state: State) {
        if keepsStates { states.append(state) }
        steps.append(step)
        if !keepsStates, let kept = stepsKept, steps.count > kept {
            let extra = steps.count - kept
            steps.removeFirst(extra)
            dropped += extra
        }
    }

    /// The session just before step `index` (0-based among the kept), if states are kept.
    public func state(before index: Int) -> State? { index < states.count ? states[index] : nil }

    /// Changes what going back to just before step `index` restores (a file's cursor, a rebuilt engine).
    public mutating func amendState(before index: Int, _ change: (inout State) -> Void) {
        guard index < states.count else { return }
        change(&states[index])
    }

    /// Goes back to just after the first `count` steps: those after them are taken back, and the session as it was
    /// then is returned (nil when there is nothing to go back to).
    public mutating func back(to count: Int) -> State? {
        guard count < steps.count, count < states.count else { return nil }
        let state = states[count]
        states.removeSubrange(count...)
        steps.removeSubrange(count...)
        return state
    }

    /// `history`: a line a step, numbered from 1 (counting those no longer kept), or `empty` when there is none.
    public func lines(empty: String = "no steps yet", _ line: (Int, Step) -> String) -> [String] {
        steps.isEmpty ? [empty] : steps.enumerated().map { line(dropped + $0.offset + 1, $0.element) }
    }
}
