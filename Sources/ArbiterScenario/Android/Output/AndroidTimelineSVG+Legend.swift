import ArbiterAndroid

/// The legend under an Android picture: the focus statuses' colours, the bars and lines, and the marks.
extension AndroidTimelineSVG.Canvas {
    mutating func legend() {
        separator(at: y)
        var lx = 16.0, baseline = y + 18
        let size = 11.0
        /// An item: its sample drawn at `lx`, then its text; a new line when it would not fit.
        func item(_ text: String, _ draw: (inout SVGWriter, Double, Double) -> Void) {
            let width = 18 + TimelineText.width(text, size: size) + 18
            if lx + width > TimelineSVG.width - 16 {
                lx = 16
                baseline += 22
            }
            draw(&svg, lx, baseline)
            svg.text(text, x: lx + 18, y: baseline, ["font-size": SVGWriter.n(size), "fill": "#3a3a3a"])
            lx += width
        }
        func box(_ colour: String, height: Double = 10) -> (inout SVGWriter, Double, Double) -> Void {
            { svg, x, y in svg.element("rect", ["x": SVGWriter.n(x), "y": SVGWriter.n(y - 4 - height / 2),
                                               "width": "14", "height": SVGWriter.n(height), "fill": colour]) }
        }
        func glyph(_ glyph: String, _ colour: String) -> (inout SVGWriter, Double, Double) -> Void {
            { svg, x, y in
                svg.text(glyph, x: x + 7, y: y, ["font-size": "12", "fill": colour, "text-anchor": "middle"])
            }
        }
        for status in FocusStatus.allCases {
            item("focus \(status)", box(Self.colours(for: status).fill, height: 12))
        }
        lx = 16
        baseline += 22
        item("playing", box("#2e8b47"))
        item("volume (top = full)") { svg, x, y in
            svg.element("line", ["x1": SVGWriter.n(x), "y1": SVGWriter.n(y - 4), "x2": SVGWriter.n(x + 14),
                                 "y2": SVGWriter.n(y - 4), "stroke": "#e07b00", "stroke-width": "2"])
        }
        item("faded out", box("#eadff7", height: 14))
        item("muted for a ring or call", box("#e2e2e2", height: 14))
        item("check held", glyph("✓", "#2e8b47"))
        item("check failed", glyph("✗", "#b3261e"))
        item("steps at one instant") { svg, x, y in
            svg.element("rect", ["x": SVGWriter.n(x + 3), "y": SVGWriter.n(y - 9), "width": "8", "height": "10",
                                 "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1.5"])
        }
        lx = 16
        baseline += 22
        for change in FocusChange.allCases {
            let (mark, colour) = Self.mark(for: change)
            item("told \(change)", glyph(mark, colour))
        }
        baseline += 22
        svg.text("hover over anything for its details (a focus change's rule, a check's position)",
                 x: TimelineSVG.width - TimelineSVG.right, y: baseline,
                 ["font-size": "10", "fill": "#888888", "text-anchor": "end"])
        y = baseline + 12
    }
}
