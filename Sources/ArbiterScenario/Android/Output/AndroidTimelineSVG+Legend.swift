import ArbiterAndroid

/// The legend under an Android picture: the focus statuses' colours, the bars and lines, and the marks.
extension AndroidTimelineSVG.Canvas {
    mutating func legend() {
        legend(hint: "hover over anything for its details (a focus change's rule, a check's position)") { legend in
            for status in FocusStatus.allCases {
                legend.item("focus \(status)", TimelineLegend.box(Self.colours(for: status).fill, height: 12))
            }
            legend.newLine()
            legend.item("playing", TimelineLegend.box("#2e8b47"))
            legend.item("volume (top = full)", TimelineLegend.line)
            legend.item("faded out", TimelineLegend.box("#eadff7", height: 14))
            legend.item("muted for a ring or call", TimelineLegend.box("#e2e2e2", height: 14))
            legend.item("check held", TimelineLegend.glyph("✓", "#2e8b47"))
            legend.item("check failed", TimelineLegend.glyph("✗", "#b3261e"))
            legend.item("steps at one instant", TimelineLegend.instant)
            legend.newLine()
            for change in FocusChange.allCases {
                let (mark, colour) = Self.mark(for: change)
                legend.item("told \(change)", TimelineLegend.glyph(mark, colour))
            }
        }
    }
}
