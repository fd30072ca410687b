import ArbiterEngine

/// Draws a `TimelinePicture` as SVG on an even time axis (equal durations take equal widths): a lane of steps
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
        canvas.draw()
        let height = SVGWriter.n(canvas.height)
        var text = "<svg font-family=\"\(font)\" height=\"\(height)\" viewBox=\"0 0 \(SVGWriter.n(width)) \(height)\" "
            + "width=\"\(SVGWriter.n(width))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        text += "  <rect fill=\"#ffffff\" height=\"\(height)\" width=\"\(SVGWriter.n(width))\" x=\"0\" y=\"0\"/>\n"
        return text + canvas.svg.text + "</svg>\n"
    }

    /// Round times for the axis, at most about ten, evenly spaced.
    static func ticks(upTo end: Time) -> [Time] {
        let steps: [Int64] = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
                              600_000, 900_000, 1_800_000, 3_600_000]
        let step = steps.first { end.milliseconds / $0 <= 10 } ?? 3_600_000 * max(1, end.milliseconds / 36_000_000)
        return stride(from: Int64(0), through: end.milliseconds, by: Int(step)).map { Time(milliseconds: $0) }
    }
}

/// The picture being drawn: where time is, and how far down the lanes have come.
struct TimelineCanvas {
    let picture: TimelinePicture
    let apps: [AppID]
    let spans: [TimelinePicture.Span]
    let end: Time
    var svg = SVGWriter(depth: 1)
    /// The top of the next lane.
    var y = 0.0
    /// The picture's height: whole pixels, so that a PNG of it is exactly as tall.
    var height: Double { y.rounded(.up) }

    init(picture: TimelinePicture) {
        self.picture = picture
        apps = picture.apps
        spans = picture.spans
        end = picture.end
    }

    /// The x of `time`: the same number of pixels for every second.
    func x(_ time: Time) -> Double {
        TimelineSVG.left + (TimelineSVG.width - TimelineSVG.left - TimelineSVG.right)
            * Double(time.milliseconds) / Double(max(1, end.milliseconds))
    }

    mutating func draw() {
        header()
        let gridTop = TimelineSVG.axisTop
        y = gridTop + 6
        let gridAt = svg.mark
        var grid = SVGWriter(depth: 1)
        stepsLane()
        routeLane()
        nowPlayingLane()
        for app in apps { appLane(app) }
        let lanesBottom = y
        // The grid goes behind the lanes: drawn now that their height is known, inserted before them.
        for tick in TimelineSVG.ticks(upTo: end) {
            let tx = x(tick)
            grid.element("line", ["class": "tick", "x1": n(tx), "y1": n(gridTop), "x2": n(tx), "y2": n(lanesBottom),
                                  "stroke": "#e8e8e8", "stroke-width": "1"])
        }
        for instant in picture.instants {
            let ix = x(instant.time)
            grid.element("line", ["x1": n(ix), "y1": n(gridTop + 6), "x2": n(ix), "y2": n(lanesBottom),
                                  "stroke": TimelineCanvas.instantColour, "stroke-opacity": "0.45",
                                  "stroke-dasharray": "3,2", "stroke-width": "1"])
        }
        svg.insert(grid, at: gridAt)
        instants(below: lanesBottom)
        legend()
    }

    /// The title, the summary and the axis's times.
    mutating func header() {
        let frames = picture.frames
        let failures = picture.checks.filter { !$0.passed }.count + frames.filter(\.failed).count
        let passes = picture.checks.filter(\.passed).count
        svg.text(picture.title, x: 16, y: 26, ["font-size": "17", "font-weight": "bold"])
        let summary = "\(picture.steps.count) steps over \(frames.last?.time ?? .zero); \(passes) ✓, \(failures) ✗"
        svg.text(summary, x: 16, y: 46, ["font-size": "12", "fill": failures > 0 ? "#b3261e" : "#3a3a3a"])
        for tick in TimelineSVG.ticks(upTo: end) {
            svg.text("\(tick)", x: x(tick), y: TimelineSVG.axisTop - 4,
                     ["class": "tick-label", "font-size": "10", "fill": "#666666", "text-anchor": "middle"])
        }
    }

    /// A lane's name, left of the plot.
    mutating func laneName(_ text: String, y: Double, size: Double = 11) {
        svg.text(text, x: TimelineSVG.left - 8, y: y,
                 ["font-size": n(size), "fill": "#777777", "text-anchor": "end"])
    }

    /// A line across the picture above a lane.
    mutating func separator(at y: Double) {
        svg.element("line", ["x1": "8", "y1": n(y), "x2": n(TimelineSVG.width - 8), "y2": n(y), "stroke": "#cfcfcf"])
    }

    func n(_ value: Double) -> String { SVGWriter.n(value) }
}
