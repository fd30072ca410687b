import ArbiterEngine

/// Draws a `TimelinePicture` as SVG on an even time axis (equal durations take equal widths, long idle stretches
/// folded: `TimelineAxis`): a lane of steps
/// with their names, a lane of routes, a lane of who is Now Playing, then one lane per app with playing and
/// audible bars, the gain as a line, interrupted spans, notification marks and ✓/✗ for expectations. Steps at
/// one instant share its place on the axis; a box below the lanes, linked to that instant, shows the state after
/// each of them. No text overlaps another; hovering over anything shows its details. The same picture gives
/// byte-identical output.
public enum TimelineSVG {
    static let width = 1100.0
    static let left = 150.0
    static let right = 40.0
    static let axisTop = 64.0
    static let font = "DejaVu Sans, Helvetica, Arial, sans-serif"

    public static func render(_ picture: TimelinePicture) -> String {
        var canvas = TimelineCanvas(picture: picture)
        return canvas.document()
    }

    /// The round step between the axis's labels that gives at most about ten over `duration`, in milliseconds.
    static func tickStep(for duration: Time) -> Int64 {
        let steps: [Int64] = [
            100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
            600_000, 900_000, 1_800_000, 3_600_000,
        ]
        return steps.first { duration.milliseconds / $0 <= 10 }
            ?? 3_600_000 * max(1, duration.milliseconds / 36_000_000)
    }
}

/// The picture being drawn: where time is, and how far down the lanes have come.
struct TimelineCanvas: TimelineDrawing {
    let picture: TimelinePicture
    let apps: [AppID]
    let spans: [TimelinePicture.Span]
    let end: Time
    let axis: TimelineAxis
    var svg = SVGWriter(depth: 1)
    /// The top of the next lane.
    var y = 0.0

    init(picture: TimelinePicture) {
        self.picture = picture
        apps = picture.apps
        spans = picture.spans
        end = picture.end
        axis = Self.axis(end: end, times: picture.frames.map(\.time) + picture.checks.map(\.time))
    }

    /// The steps, the route, Now Playing, and a lane per app.
    mutating func lanes() {
        stepsLane()
        routeLane()
        nowPlayingLane()
        for app in apps { appLane(app) }
    }

    var instantTimes: [Time] { picture.instants.map(\.time) }

    /// The title, the summary and the axis's times.
    mutating func header() {
        let frames = picture.frames
        let failures = picture.checks.filter { !$0.passed }.count + frames.filter(\.failed).count
        let passes = picture.checks.filter(\.passed).count
        header(
            title: picture.title,
            summary: "\(picture.steps.count) steps over \(frames.last?.time ?? .zero); \(passes) ✓, \(failures) ✗",
            failed: failures > 0)
    }
}
