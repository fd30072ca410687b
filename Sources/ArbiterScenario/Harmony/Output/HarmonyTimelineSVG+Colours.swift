import ArbiterHarmony

/// The colours and glyphs of a HarmonyOS picture, shared by its lanes, boxes and legend.
extension HarmonyTimelineSVG.Canvas {
    /// A stream state's band colours.
    static func colours(for state: StreamState) -> (fill: String, ink: String) {
        switch state {
        case .prepared: ("#f1f1f1", "#888888")
        case .running: ("#cfe8d5", "#1f5a30")
        case .paused: ("#f7efc4", "#5c4a00")
        case .stopped: ("#f6d0d0", "#8a1c1c")
        case .released: ("#d8d8d8", "#333333")
        }
    }

    /// A focus entry's band colours.
    static func colours(for focus: FocusEntryState) -> (fill: String, ink: String) {
        switch focus {
        case .active: ("#dce8f7", "#24466e")
        case .duck: ("#fbe3c4", "#7a4a00")
        case .pause: ("#f3d9e4", "#7a2047")
        case .placeholder: ("#d9cdef", "#4b2a7a")
        }
    }

    /// An interrupt hint's glyph and colour (FORCE drawn filled, SHARE as an outline).
    static func mark(for hint: InterruptHint) -> (String, String) {
        switch hint {
        case .pause: ("❚❚", "#b3261e")
        case .resume: ("▶", "#2e8b47")
        case .stop: ("■", "#5a1010")
        case .duck: ("▼", "#c06a00")
        case .unduck: ("▲", "#24466e")
        case .none: ("●", "#666666")
        }
    }
}
