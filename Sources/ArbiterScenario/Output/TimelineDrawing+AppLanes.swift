import ArbiterEngine

/// The pieces of a lane per app (or per stream) that Android's and HarmonyOS's pictures share: the lane's name,
/// named stretches of a row, a level drawn as a line, the checks' ✓ and ✗, and a cell of an instant's box.
extension TimelineDrawing {
    /// A lane's name in bold at the left, cut short before the row names right of it (the full name is the hover
    /// title).
    mutating func laneHeading(_ name: String, top: Double, rowNames: [String]) {
        let rowNames = rowNames.map { TimelineText.width($0, size: 10) }.max() ?? 0
        svg.begin(title: name)
        if let shown = TimelineText.fitted(name, width: TimelineSVG.left - 8 - rowNames - 18, size: 14, bold: true) {
            svg.text(shown, x: 12, y: top + 22, ["font-size": "14", "font-weight": "bold"])
        }
        svg.end()
    }

    /// A stretch of a row, `height` tall, named inside when there is room.
    mutating func segment(
        from: Time, to: Time, top: Double, height: Double, fill: String, ink: String,
        label: String, size: Double, title: String
    ) {
        let (x0, x1) = (x(from), x(to))
        svg.begin(title: title)
        svg.element(
            "rect",
            [
                "x": n(x0), "y": n(top), "width": n(max(1, x1 - x0)), "height": n(height),
                "fill": fill, "stroke": "#ffffff", "stroke-width": "0.5",
            ])
        if let shown = TimelineText.fitted(label, width: x1 - x0 - 6, size: size) {
            svg.text(
                shown, x: x0 + 3, y: top + (height + size) / 2 - 1.5,
                ["class": "label", "font-size": n(size), "fill": ink])
        }
        svg.end()
    }

    /// A level from 0 to 1 (a volume) as a line through `points` in time order: full at `top`, silence `height`
    /// below. Points inside a level stretch are left out, so the same line gives the same text however finely it
    /// was sampled.
    mutating func levelLine(
        _ points: [(time: Time, level: Double)], top: Double, height: Double, title: String,
        _ attributes: [String: String]
    ) {
        var placed: [(Double, Double)] = []
        for point in points {
            let xy = (x(point.time), top + height * (1 - Swift.min(1, Swift.max(0, point.level))))
            if placed.count >= 2, placed[placed.count - 1].1 == xy.1, placed[placed.count - 2].1 == xy.1 {
                placed[placed.count - 1] = xy
            } else {
                placed.append(xy)
            }
        }
        svg.begin(title: title)
        svg.element(
            "polyline",
            attributes.merging(
                ["points": placed.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "), "fill": "none"]
            ) { $1 })
        svg.end()
    }

    /// ✓ or ✗ for each of these checks on a row of their own (none when there are none); hovering gives each
    /// one's time and text.
    mutating func checkRow(_ checks: [TimelineCheck]) {
        checkRow(checks.map { ($0.time, $0.passed, "\($0.time)  \($0.text)") })
    }

    /// An app's (or a stream's) state in one column of an instant's box: a cell of `fill`, a green bar while it
    /// plays, and the first two marks its step delivered at the right, `spacing` apart, when the cell has room for
    /// them (`glyphRoom` wide; 0: none).
    mutating func boxCell(
        at left: Double, top: Double, width: Double, fill: String, playing: Bool,
        marks: [(glyph: String, colour: String, outlined: Bool)],
        glyphRoom: Double, spacing: Double, title: String
    ) {
        svg.begin(title: title)
        svg.element(
            "rect", ["x": n(left + 3), "y": n(top), "width": n(width - 6), "height": "12", "fill": fill])
        if playing {
            svg.element(
                "rect",
                [
                    "x": n(left + 5), "y": n(top + 4), "width": n(width - 10 - glyphRoom),
                    "height": "4", "fill": "#2e8b47",
                ])
        }
        for (index, mark) in marks.prefix(glyphRoom > 0 ? 2 : 0).enumerated() {
            let ink =
                mark.outlined
                ? ["fill": "#ffffff", "stroke": mark.colour, "stroke-width": "0.6"] : ["fill": mark.colour]
            svg.text(
                mark.glyph, x: left + width - glyphRoom + 2 + Double(index) * spacing, y: top + 10,
                ["class": "mark", "font-size": "8", "text-anchor": "middle"].merging(ink) { $1 })
        }
        svg.end()
    }
}
