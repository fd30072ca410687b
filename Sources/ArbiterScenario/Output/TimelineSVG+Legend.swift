import ArbiterEngine

/// The legend under the picture, and the notifications' glyphs.
extension TimelineCanvas {
    mutating func legend() {
        legend(hint: "hover over anything for its details") { legend in
            legend.item("playing", TimelineLegend.box("#2e8b47"))
            legend.item("audible", TimelineLegend.box("#2f6fdb"))
            legend.item("gain (top = full)", TimelineLegend.line)
            legend.item("interrupted", TimelineLegend.box("#f9dede", height: 14))
            legend.item("check held", TimelineLegend.glyph("✓", "#2e8b47"))
            legend.item("check failed", TimelineLegend.glyph("✗", "#b3261e"))
            legend.item("steps at one instant, shown in a box below the lanes", TimelineLegend.instant)
            legend.newLine()
            let kinds: [(NotificationKind, String)] = [
                (.interruptionBegan(reason: .default), "interruption began"),
                (.interruptionEnded(shouldResume: true), "ended"),
                (.routeChange(reason: .unknown, previous: Route(outputs: [], inputs: [])), "route change"),
                (.silenceSecondaryAudioHint(.begin), "silence hint"), (.remoteCommand(.play), "remote command"),
                (.mediaServicesWereReset, "media services"),
                (.playbackStateChanged(player: "", .playing), "playback state"),
            ]
            for (kind, text) in kinds {
                let (mark, colour) = TimelineCanvas.mark(for: kind)
                legend.item(text, TimelineLegend.glyph(mark, colour))
            }
        }
    }

    /// A notification's glyph and colour.
    static func mark(for kind: NotificationKind) -> (String, String) {
        switch kind {
        case .interruptionBegan: ("▼", "#b3261e")
        case .interruptionEnded: ("▲", "#2e8b47")
        case .routeChange: ("◆", "#24466e")
        case .silenceSecondaryAudioHint: ("●", "#8e44ad")
        case .remoteCommand: ("▶", "#555555")
        case .mediaServicesWereLost, .mediaServicesWereReset: ("✱", "#c0392b")
        case .playbackStateChanged, .didPlayToEndTime: ("○", "#555555")
        }
    }
}
