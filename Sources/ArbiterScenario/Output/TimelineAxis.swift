import ArbiterEngine

/// Where time goes across a timeline picture: evenly, except that a long stretch in which nothing happens is folded to
/// a narrow break, so that a minute of waiting does not squeeze the seconds that matter into a corner. The picture
/// marks each fold on its axis with how long it is (`TimelineDrawing.folds`).
///
/// A stretch between two instants where something happens (a step, a check, a notification) is folded when it is
/// longer than `minimumFold` and than `foldFactor` times the typical stretch between instants (the median); a second
/// of it stays at each side, so that what leads into it and out of it can be seen.
struct TimelineAxis: Sendable {
    /// A stretch of time drawn as a break of `foldWidth` pixels.
    struct Fold: Sendable, Equatable {
        var from: Time
        var to: Time
        var duration: Time { to - from }
    }

    static let minimumFold = Time.seconds(5)
    static let foldFactor: Int64 = 3
    static let foldWidth = 26.0
    /// What is kept at each side of a fold.
    static let margin = Time.seconds(1)

    let end: Time
    let folds: [Fold]
    let left: Double
    let right: Double
    /// Pixels for each millisecond not folded.
    private let scale: Double

    /// The axis from 0 to `end` between x `left` and `right`, folding the empty stretches between `times`.
    init(end: Time, times: [Time], left: Double, right: Double) {
        self.end = end
        self.left = left
        self.right = right
        let instants = Array(Set(times.filter { $0 >= .zero && $0 <= end } + [.zero, end])).sorted()
        let gaps = zip(instants, instants.dropFirst()).map { ($0, $1) }
        let lengths = gaps.map { ($1 - $0).milliseconds }.filter { $0 > 0 }.sorted()
        let typical = lengths.isEmpty ? 0 : lengths[(lengths.count - 1) / 2]
        let threshold = max(Self.minimumFold.milliseconds, typical * Self.foldFactor)
        folds = gaps.compactMap { from, to in
            guard (to - from).milliseconds > threshold else { return nil }
            return Fold(from: from + Self.margin, to: to - Self.margin)
        }
        let folded = folds.reduce(Int64(0)) { $0 + $1.duration.milliseconds }
        let room = right - left - Double(folds.count) * Self.foldWidth
        scale = room / Double(max(1, end.milliseconds - folded))
    }

    /// The x of `time`.
    func x(_ time: Time) -> Double {
        var x = left
        var from = Time.zero
        for fold in folds {
            if time <= fold.from { break }
            x += Double((fold.from - from).milliseconds) * scale
            if time < fold.to {
                return x + Self.foldWidth * Double((time - fold.from).milliseconds) / Double(fold.duration.milliseconds)
            }
            x += Self.foldWidth
            from = fold.to
        }
        return x + Double((time - from).milliseconds) * scale
    }

    /// Round times for the axis's labels, about ten over the time not folded, none inside a fold and none closer
    /// than 40 pixels to the one before it or to a fold.
    var ticks: [Time] {
        let shown = end.milliseconds - folds.reduce(Int64(0)) { $0 + $1.duration.milliseconds }
        let step = TimelineSVG.tickStep(for: Time(milliseconds: shown))
        var ticks: [Time] = []
        var lastX = -Double.infinity
        for ms in stride(from: Int64(0), through: end.milliseconds, by: Int(step)) {
            let time = Time(milliseconds: ms)
            let tx = x(time)
            let nearFold = folds.contains { fold in
                (x(fold.from) - 20...x(fold.to) + 20).contains(tx) && !(time == .zero)
            }
            guard !nearFold, tx - lastX >= 40 else { continue }
            ticks.append(time)
            lastX = tx
        }
        return ticks
    }
}
