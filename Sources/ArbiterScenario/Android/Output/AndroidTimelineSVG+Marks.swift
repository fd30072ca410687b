import ArbiterEngine

/// Rows of glyphs: the focus changes delivered to an app, and ✓/✗ for checks.
extension AndroidTimelineSVG.Canvas {
    /// A glyph on a row of marks.
    struct Mark {
        var time: Time
        var glyph: String
        var size: Double
        var colour: String
        /// Its class: `focus-change`, `check held`, `check failed`.
        var kind: String
        var title: String
    }

    /// The ✓ and ✗ of the checks of `app` (nil: those about no one app), on a row of their own (none when there
    /// are none); hovering gives the check, its position, and the value found when it failed.
    mutating func checkRow(app: AppID?) {
        markRow(picture.checks.filter { $0.app == app }.map { check in
            Mark(time: check.time, glyph: check.passed ? "✓" : "✗", size: check.passed ? 13 : 15,
                 colour: check.passed ? "#2e8b47" : "#b3261e", kind: check.passed ? "check held" : "check failed",
                 title: "\(check.time)  \(check.text)")
        })
    }

    /// Marks on a row of their own below `y`: the marks of one time side by side around it, moved right only as
    /// far as the marks before them need, with a line back to their time when they had to move.
    mutating func markRow(_ marks: [Mark]) {
        guard !marks.isEmpty else { return }
        let baseline = y + 14
        let centres = TimelineText.placeMarks(
            marks.map { (x($0.time), TimelineText.width($0.glyph, size: $0.size, bold: true)) },
            start: TimelineSVG.left - 4)
        for (mark, centre) in zip(marks, centres) {
            let mx = x(mark.time)
            svg.begin(title: mark.title)
            if abs(centre - mx) > 1 {
                svg.element("line", ["x1": n(mx), "y1": n(baseline + 3), "x2": n(centre), "y2": n(baseline + 3),
                                     "stroke": "#bdbdbd", "stroke-width": "1"])
            }
            svg.text(mark.glyph, x: centre, y: baseline, ["class": mark.kind, "font-size": n(mark.size),
                                                          "font-weight": "bold", "fill": mark.colour,
                                                          "text-anchor": "middle"])
            svg.end()
        }
        y = baseline + 5
    }
}
