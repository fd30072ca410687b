import ArbiterHarmony

/// The legend under a HarmonyOS picture: the states' and focus entries' colours, the volume lines, the session, and
/// the marks.
extension HarmonyTimelineSVG.Canvas {
    mutating func legend() {
        legend(hint: "hover over anything for its details (an event's rule and source, a check's position)") { legend in
            for state in StreamState.allCases {
                legend.item("\(state)", TimelineLegend.box(Self.colours(for: state).fill, height: 12))
            }
            for focus in FocusEntryState.allCases where focus != .placeholder {
                legend.item("focus \(focus)", TimelineLegend.box(Self.colours(for: focus).fill, height: 12))
            }
            legend.newLine()
            legend.item("volume while running (top = full)", TimelineLegend.line)
            legend.item("volume while not running", Self.paleLine)
            legend.item("AudioSession active", TimelineLegend.box("#efeaf7", height: 12))
            legend.item("holding focus with no stream", TimelineLegend.box("#d9cdef", height: 12))
            legend.item("steps at one instant", TimelineLegend.instant)
            legend.newLine()
            for hint in InterruptHint.allCases where hint != .none {
                let (mark, colour) = Self.mark(for: hint)
                legend.item("told \(hint)", TimelineLegend.glyph(mark, colour))
            }
            legend.item("FORCE filled, SHARE outlined", TimelineLegend.outlined("▶", "#2e8b47"))
            legend.item("audioSessionDeactivated", TimelineLegend.glyph("⊘", "#5b2f91"))
            legend.item("check held", TimelineLegend.glyph("✓", "#2e8b47"))
            legend.item("check failed", TimelineLegend.glyph("✗", "#b3261e"))
        }
    }

    /// The sample of the volume line while the stream is not running.
    static let paleLine: TimelineLegend.Sample = { svg, x, y in
        svg.element(
            "line",
            [
                "x1": SVGWriter.n(x), "y1": SVGWriter.n(y - 4), "x2": SVGWriter.n(x + 14),
                "y2": SVGWriter.n(y - 4), "stroke": "#f2cfa6", "stroke-width": "1.5",
            ])
    }
}
