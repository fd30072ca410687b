import ArbiterEngine

/// What every platform's timeline picture is drawn on: an SVG, the top of the next lane, and an even time axis
/// ending at `end`. The frame is drawn here once (the header, lane names and separators, the grid, the steps lane,
/// rows of marks, the boxes of instants with several steps, the legend's layout); each platform draws its own lanes
/// and what its boxes and legend show.
protocol TimelineDrawing {
    var svg: SVGWriter { get set }
    /// The top of the next lane.
    var y: Double { get set }
    /// Where the axis ends.
    var end: Time { get }
    /// Where each time is drawn: evenly, with long empty stretches folded (`TimelineAxis`).
    var axis: TimelineAxis { get }
    /// The times of the instants with several steps.
    var instantTimes: [Time] { get }
    /// The title and the summary (`header(title:summary:failed:)`).
    mutating func header()
    /// The platform's lanes, top to bottom from `y`, leaving `y` below the last.
    mutating func lanes()
    /// The boxes of the instants with several steps, below the lanes (`instantBoxes(_:below:draw:)`).
    mutating func instantBoxes(below lanesBottom: Double)
    /// The legend under the picture (`legend(hint:_:)`).
    mutating func legend()
}

/// A step as the steps lane and an instant's box show it, on any platform.
struct TimelineStep {
    var time: Time
    /// `Maps: play`.
    var label: String
    /// Its file position and, when it failed, why.
    var detail: String?
    var failed: Bool
    /// An event from the real system, not from the scenario.
    var isOutside = false
}

/// A glyph on a row of marks: a notification delivered, ✓ or ✗ for a check.
struct TimelineMark {
    var time: Time
    var glyph: String
    var size: Double
    var colour: String
    /// Its class: `check held`, `check failed`, a notification's kind.
    var kind: String
    var title: String
    /// Drawn as an outline (HarmonyOS's SHARE events) rather than filled.
    var outlined = false
}

/// Where an instant's box goes.
struct InstantBoxFrame {
    var time: Time
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    /// The width of one column (the state before the instant, and after each of its steps).
    var column: Double
}

extension TimelineDrawing {
    /// The whole picture as an SVG document: the header, the lanes over the grid, the instants' boxes, the legend.
    /// The same picture gives byte-identical text.
    mutating func document() -> String {
        header()
        let gridTop = TimelineSVG.axisTop
        y = gridTop + 6
        let gridAt = svg.mark
        lanes()
        let lanesBottom = y
        grid(at: gridAt, top: gridTop, instants: instantTimes)
        instantBoxes(below: lanesBottom)
        legend()
        // Whole pixels tall, so that a PNG of it is exactly as tall.
        let width = n(TimelineSVG.width)
        let height = n(y.rounded(.up))
        return "<svg font-family=\"\(TimelineSVG.font)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "width=\"\(width)\" xmlns=\"http://www.w3.org/2000/svg\">\n"
            + "  <rect fill=\"#ffffff\" height=\"\(height)\" width=\"\(width)\" x=\"0\" y=\"0\"/>\n"
            + svg.text + "</svg>\n"
    }

    /// The x of `time`: the same number of pixels for every second, but for the folds of `axis`.
    func x(_ time: Time) -> Double { axis.x(time) }

    /// The axis of a picture ending at `end` with something happening at each of `times`.
    static func axis(end: Time, times: [Time]) -> TimelineAxis {
        TimelineAxis(end: end, times: times, left: TimelineSVG.left, right: TimelineSVG.width - TimelineSVG.right)
    }

    func n(_ value: Double) -> String { SVGWriter.n(value) }

    /// The title (on two smaller lines when wider than the picture, cut short only when those do not hold it, in full
    /// on hover), the summary (red when something failed) and the axis's times.
    mutating func header(title: String, summary: String, failed: Bool) {
        let room = TimelineSVG.width - 20
        if TimelineText.width(title, size: 17, bold: true) <= room {
            svg.text(title, x: 16, y: 26, ["font-size": "17", "font-weight": "bold"])
        } else {
            let (first, second) = TimelineText.twoLines(title, width: room, size: 13, bold: true)
            svg.begin(title: title)
            svg.text(first, x: 16, y: 17, ["font-size": "13", "font-weight": "bold"])
            svg.text(second, x: 16, y: 33, ["font-size": "13", "font-weight": "bold"])
            svg.end()
        }
        svg.text(summary, x: 16, y: 46, ["font-size": "12", "fill": failed ? "#b3261e" : "#3a3a3a"])
        var labelEnd = -Double.infinity
        for fold in axis.folds {
            let text = "\(fold.duration)"
            let middle = (x(fold.from) + x(fold.to)) / 2
            let half = TimelineText.width(text, size: 9) / 2
            // A length that would touch the one before is left to the band's hover text.
            guard middle - half >= labelEnd + 4 else { continue }
            labelEnd = middle + half
            svg.begin(title: "\(fold.duration) with nothing happening (\(fold.from) to \(fold.to)), folded")
            svg.text(
                text, x: middle, y: TimelineSVG.axisTop - 4,
                ["class": "fold-label", "font-size": "9", "fill": "#666666", "text-anchor": "middle"])
            svg.end()
        }
        for tick in axis.ticks {
            svg.text(
                "\(tick)", x: x(tick), y: TimelineSVG.axisTop - 4,
                ["class": "tick-label", "font-size": "10", "fill": "#666666", "text-anchor": "middle"])
        }
    }

    /// A lane's name, left of the plot.
    mutating func laneName(_ text: String, y: Double, size: Double = 11) {
        svg.text(
            text, x: TimelineSVG.left - 8, y: y,
            ["font-size": n(size), "fill": "#777777", "text-anchor": "end"])
    }

    /// A line across the picture above a lane.
    mutating func separator(at y: Double) {
        svg.element("line", ["x1": "8", "y1": n(y), "x2": n(TimelineSVG.width - 8), "y2": n(y), "stroke": "#cfcfcf"])
    }

    /// The grid behind the lanes, from `top` down to `y`: a line at each tick, and a dashed one at each instant with
    /// several steps. Drawn once the lanes' height is known, and put before them (at `mark`).
    mutating func grid(at mark: Int, top: Double, instants: [Time]) {
        var grid = SVGWriter(depth: 1)
        folds(top: top, into: &grid)
        for tick in axis.ticks {
            grid.element(
                "line",
                [
                    "class": "tick", "x1": n(x(tick)), "y1": n(top), "x2": n(x(tick)), "y2": n(y),
                    "stroke": "#e8e8e8", "stroke-width": "1",
                ])
        }
        for time in instants {
            grid.element(
                "line",
                [
                    "x1": n(x(time)), "y1": n(top + 6), "x2": n(x(time)), "y2": n(y),
                    "stroke": TimelineCanvas.instantColour, "stroke-opacity": "0.45",
                    "stroke-dasharray": "3,2", "stroke-width": "1",
                ])
        }
        svg.insert(grid, at: mark)
    }

    /// Each folded stretch: a pale band down the lanes between two break marks (its length is on the axis, with the
    /// times: `header`).
    mutating func folds(top: Double, into grid: inout SVGWriter) {
        for fold in axis.folds {
            let (x0, x1) = (x(fold.from), x(fold.to))
            grid.begin(title: "\(fold.duration) with nothing happening (\(fold.from) to \(fold.to)), folded")
            grid.element(
                "rect",
                [
                    "class": "fold", "x": n(x0), "y": n(top), "width": n(x1 - x0), "height": n(y - top),
                    "fill": "#f2f2f2",
                ])
            for edge in [x0, x1] {
                grid.element(
                    "path",
                    [
                        "d": "M\(n(edge - 3)) \(n(top - 2)) L\(n(edge + 3)) \(n(top - 8))", "stroke": "#999999",
                        "stroke-width": "1.5",
                    ])
            }
            grid.end()
        }
    }

    /// A tick per step at its time (red when it failed, purple from outside), its name below on one of up to four
    /// rows. A small purple box marks each instant with several steps; hovering over it lists them. Leaves `y` below
    /// the names.
    mutating func stepsLane(_ steps: [TimelineStep], instants: [(time: Time, labels: [String])]) {
        let top = y
        let strip = 8.0
        let size = 11.0
        let rowHeight = 15.0
        let placed = TimelineText.Rows.place(
            steps.map { (x($0.time), $0.label) }, rows: 4, size: size,
            start: TimelineSVG.left, limit: TimelineSVG.width - 8)
        let rows = (placed.map(\.row).max() ?? 0) + 1
        laneName("steps", y: top + strip + size)
        for instant in instants {
            let ix = x(instant.time)
            svg.begin(
                title: "\(instant.labels.count) steps at \(instant.time): " + instant.labels.joined(separator: "; "))
            svg.element(
                "rect",
                [
                    "x": n(ix - 4), "y": n(top - 1), "width": "8", "height": n(strip + 2),
                    "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1.5",
                ])
            svg.end()
        }
        for (step, place) in zip(steps, placed) {
            let sx = x(step.time)
            let tick = step.failed ? "#b3261e" : step.isOutside ? TimelineCanvas.instantColour : "#8a8a8a"
            let baseline = top + strip + size + Double(place.row) * rowHeight
            svg.begin(title: "\(step.time)  \(step.label)" + (step.detail.map { "  (\($0))" } ?? ""))
            svg.element(
                "line",
                [
                    "x1": n(sx), "y1": n(top + strip), "x2": n(sx), "y2": n(baseline - size + 1),
                    "stroke": "#d6d6d6", "stroke-width": "1",
                ])
            svg.element(
                "line",
                [
                    "class": "step", "x1": n(sx), "y1": n(top), "x2": n(sx), "y2": n(top + strip),
                    "stroke": tick, "stroke-width": step.failed ? "3" : "1.5",
                ])
            if let text = place.text {
                let ink = step.failed ? "#b3261e" : step.isOutside ? "#5b2f91" : "#333333"
                svg.text(
                    text, x: place.x, y: baseline,
                    TimelineCanvas.halo.merging(["class": "label step", "font-size": n(size), "fill": ink]) { $1 })
            }
            svg.end()
        }
        y = top + strip + Double(rows) * rowHeight + 4
    }

    /// The dashed top (full) and bottom (silence) of a row where a level (a gain, a volume) is drawn as a line.
    mutating func levelRowEdges(top: Double, height: Double) {
        let (x0, x1) = (TimelineSVG.left, TimelineSVG.width - TimelineSVG.right)
        for edge in [top, top + height] {
            svg.element(
                "line",
                [
                    "x1": n(x0), "y1": n(edge), "x2": n(x1), "y2": n(edge), "stroke": "#f0e0cc",
                    "stroke-dasharray": "3,3",
                ])
        }
    }

    /// ✓ or ✗ for each check, hovering giving `title`s, on a row of their own (none when there are none).
    mutating func checkRow(_ checks: [(time: Time, passed: Bool, title: String)]) {
        markRow(
            checks.map { check in
                TimelineMark(
                    time: check.time, glyph: check.passed ? "✓" : "✗", size: check.passed ? 13 : 15,
                    colour: check.passed ? "#2e8b47" : "#b3261e",
                    kind: check.passed ? "check held" : "check failed", title: check.title)
            })
    }

    /// Marks on a row of their own below `y`: the marks of one time side by side around it, moved right only as
    /// far as the marks before them need, with a line back to their time when they had to move.
    mutating func markRow(_ marks: [TimelineMark]) {
        guard !marks.isEmpty else { return }
        let baseline = y + 14
        let centres = TimelineText.placeMarks(
            marks.map { (x($0.time), TimelineText.width($0.glyph, size: $0.size, bold: true)) },
            start: TimelineSVG.left - 4)
        for (mark, centre) in zip(marks, centres) {
            let mx = x(mark.time)
            svg.begin(title: mark.title)
            if abs(centre - mx) > 1 {
                svg.element(
                    "line",
                    [
                        "x1": n(mx), "y1": n(baseline + 3), "x2": n(centre), "y2": n(baseline + 3),
                        "stroke": "#bdbdbd", "stroke-width": "1",
                    ])
            }
            let ink =
                mark.outlined ? ["fill": "#ffffff", "stroke": mark.colour, "stroke-width": "1"] : ["fill": mark.colour]
            svg.text(
                mark.glyph, x: centre, y: baseline,
                [
                    "class": mark.kind, "font-size": n(mark.size),
                    "font-weight": "bold", "text-anchor": "middle",
                ].merging(ink) { $1 })
            svg.end()
        }
        y = baseline + 5
    }

    /// The boxes of the instants with several steps (at most `TimelineCanvas.mostBoxes`; each given as its time, its
    /// steps and the rows its box shows), in time order, each under its instant when there is room, left to right
    /// in rows below `lanesBottom`, each linked to its place on the axis; `draw` fills each box. Leaves `y` below
    /// them, and a line about the instants past the last box.
    mutating func instantBoxes(
        _ all: [(time: Time, steps: Int, rows: Int)], below lanesBottom: Double,
        draw: (inout Self, Int, InstantBoxFrame) -> Void
    ) {
        guard !all.isEmpty else { return }
        let instants = all.prefix(TimelineCanvas.mostBoxes)
        let nameColumn = TimelineCanvas.nameColumn
        let usable = TimelineSVG.width - 16
        var boxes: [InstantBoxFrame] = []
        var rowTop = lanesBottom + 28
        var rowRight = -Double.infinity
        var rowHeight = 0.0
        for instant in instants {
            let columns = Double(instant.steps + 1)
            let column = min(72, (usable - nameColumn - 8) / columns)
            let width = nameColumn + column * columns + 8
            let height = 36 + Double(instant.rows) * 16 + Double(instant.steps) * 13 + 8
            let wanted = min(max(8, x(instant.time) - width / 2), TimelineSVG.width - 8 - width)
            var left = max(wanted, rowRight + 12)
            if left + width > TimelineSVG.width - 8 {
                rowTop += rowHeight + 16
                rowHeight = 0
                left = wanted
            }
            boxes.append(
                InstantBoxFrame(
                    time: instant.time, x: left, y: rowTop, width: width, height: height,
                    column: column))
            rowRight = left + width
            rowHeight = max(rowHeight, height)
        }
        for box in boxes {
            let ix = x(box.time)
            svg.element(
                "polyline",
                [
                    "points": "\(n(ix)),\(n(lanesBottom)) \(n(ix)),\(n(lanesBottom + 10)) "
                        + "\(n(box.x + box.width / 2)),\(n(box.y))",
                    "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1",
                    "stroke-dasharray": "3,2",
                ])
        }
        for (index, box) in boxes.enumerated() { draw(&self, index, box) }
        y = rowTop + rowHeight + 10
        if all.count > instants.count {
            svg.text(
                "\(all.count - instants.count) more instants with several steps, from \(all[instants.count].time): "
                    + "hover over their marks on the axis for their steps", x: 16, y: y + 12,
                ["class": "label", "font-size": "11", "fill": TimelineCanvas.instantColour])
            y += 20
        }
    }

    /// An instant's box: its frame, the heading and a name over each column; returns the top of its first row.
    mutating func boxFrame(_ box: InstantBoxFrame, steps: Int) -> Double {
        let colour = TimelineCanvas.instantColour
        svg.element(
            "rect",
            [
                "x": n(box.x), "y": n(box.y), "width": n(box.width), "height": n(box.height), "rx": "4",
                "fill": "#fbf8fe", "stroke": colour, "stroke-width": "1.2",
            ])
        svg.text(
            "at \(box.time): \(steps) steps", x: box.x + 8, y: box.y + 15,
            ["class": "label", "font-size": "11", "font-weight": "bold", "fill": colour])
        for column in 0...steps {
            let name = column > 0 ? "\(column)" : box.time == .zero ? "setup" : "before"
            svg.text(
                name, x: boxColumn(box, column) + box.column / 2, y: box.y + 30,
                ["class": "label", "font-size": "9", "fill": "#666666", "text-anchor": "middle"])
        }
        return box.y + 36
    }

    /// The left of a box's column: 0 the state before the instant, then one after each step.
    func boxColumn(_ box: InstantBoxFrame, _ column: Int) -> Double {
        box.x + TimelineCanvas.nameColumn + box.column * Double(column)
    }

    /// When a box's column shows the state: `before 1.5s`, `at the start`, `after step 2`.
    func boxWhen(_ box: InstantBoxFrame, _ column: Int) -> String {
        column > 0 ? "after step \(column)" : box.time == .zero ? "at the start" : "before \(box.time)"
    }

    /// A row's name at the left of a box.
    mutating func boxRowName(_ name: String, _ box: InstantBoxFrame, top: Double) {
        if let shown = TimelineText.fitted(name, width: TimelineCanvas.nameColumn - 12, size: 10) {
            svg.text(shown, x: box.x + 8, y: top + 10, ["class": "label", "font-size": "10", "fill": "#444444"])
        }
    }

    /// The instant's steps, numbered, at the bottom of its box from `top`.
    mutating func boxSteps(_ steps: [TimelineStep], _ box: InstantBoxFrame, top: Double) {
        var rowTop = top
        for (number, step) in steps.enumerated() {
            let text = "\(number + 1)  \(step.label)"
            svg.begin(title: text + (step.detail.map { "  (\($0))" } ?? ""))
            if let shown = TimelineText.fitted(text, width: box.width - 16, size: 10) {
                svg.text(
                    shown, x: box.x + 8, y: rowTop + 11,
                    ["class": "label", "font-size": "10", "fill": step.failed ? "#b3261e" : "#333333"])
            }
            svg.end()
            rowTop += 13
        }
    }

    /// The legend under the picture: a separator, the items `fill` adds (wrapped to the picture's width), and
    /// `hint` at the right.
    mutating func legend(hint: String, _ fill: (inout TimelineLegend) -> Void) {
        separator(at: y)
        var legend = TimelineLegend(svg: svg, baseline: y + 18)
        svg = SVGWriter(depth: 1)
        fill(&legend)
        if !axis.folds.isEmpty {
            legend.item("folded: a stretch with nothing happening, its length above", TimelineLegend.box("#e4e4e4"))
        }
        legend.baseline += 22
        legend.svg.text(
            hint, x: TimelineSVG.width - TimelineSVG.right, y: legend.baseline,
            ["font-size": "10", "fill": "#888888", "text-anchor": "end"])
        svg = legend.svg
        y = legend.baseline + 12
    }
}

/// The legend's items, left to right, wrapped to the picture's width.
struct TimelineLegend {
    typealias Sample = @Sendable (inout SVGWriter, Double, Double) -> Void
    var svg: SVGWriter
    var lx = 16.0
    var baseline: Double
    let size = 11.0

    init(svg: SVGWriter, baseline: Double) {
        self.svg = svg
        self.baseline = baseline
    }

    /// An item: its sample drawn at `lx`, then its text; a new line when it would not fit.
    mutating func item(_ text: String, _ draw: Sample) {
        let width = 18 + TimelineText.width(text, size: size) + 18
        if lx + width > TimelineSVG.width - 16 {
            newLine()
        }
        draw(&svg, lx, baseline)
        svg.text(text, x: lx + 18, y: baseline, ["font-size": SVGWriter.n(size), "fill": "#3a3a3a"])
        lx += width
    }

    /// Starts a new line of items.
    mutating func newLine() {
        lx = 16
        baseline += 22
    }

    /// A coloured box as a sample.
    static func box(_ colour: String, height: Double = 10) -> Sample {
        { svg, x, y in
            svg.element(
                "rect",
                [
                    "x": SVGWriter.n(x), "y": SVGWriter.n(y - 4 - height / 2), "width": "14",
                    "height": SVGWriter.n(height), "fill": colour,
                ])
        }
    }

    /// A glyph as a sample.
    static func glyph(_ glyph: String, _ colour: String) -> Sample {
        { svg, x, y in svg.text(glyph, x: x + 7, y: y, ["font-size": "12", "fill": colour, "text-anchor": "middle"]) }
    }

    /// A glyph drawn as an outline, as a sample.
    static func outlined(_ glyph: String, _ colour: String) -> Sample {
        { svg, x, y in
            svg.text(
                glyph, x: x + 7, y: y,
                ["font-size": "12", "fill": "#ffffff", "stroke": colour, "stroke-width": "1", "text-anchor": "middle"])
        }
    }

    /// The gain or volume line's sample.
    static let line: Sample = { svg, x, y in
        svg.element(
            "line",
            [
                "x1": SVGWriter.n(x), "y1": SVGWriter.n(y - 4), "x2": SVGWriter.n(x + 14),
                "y2": SVGWriter.n(y - 4), "stroke": "#e07b00", "stroke-width": "2",
            ])
    }

    /// The sample of the boxes of instants with several steps.
    static let instant: Sample = { svg, x, y in
        svg.element(
            "rect",
            [
                "x": SVGWriter.n(x + 3), "y": SVGWriter.n(y - 9), "width": "8", "height": "10",
                "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1.5",
            ])
    }
}
