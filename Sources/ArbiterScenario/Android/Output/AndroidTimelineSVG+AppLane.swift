import ArbiterAndroid
import ArbiterEngine

/// One lane per app: its focus status, its players, its volume, muted and faded spans, the focus changes it was
/// told of and its checks.
extension AndroidTimelineSVG.Canvas {
    static let rowNames = ["focus", "playing", "volume"]

    mutating func appLane(_ app: AppID) {
        separator(at: y)
        let top = y
        laneHeading(app.name, top: top, rowNames: Self.rowNames)
        let focusTop = top + 6
        let playingTop = top + 24
        let volumeTop = top + 42
        let volumeHeight = 24.0
        laneName("focus", y: focusTop + 10, size: 10)
        laneName("playing", y: playingTop + 9, size: 10)
        laneName("volume", y: volumeTop + 16, size: 10)
        focusBand(app, top: focusTop)
        playingBar(app, top: playingTop)
        silencedSpans(app, top: volumeTop, height: volumeHeight)
        volumeLine(app, top: volumeTop, height: volumeHeight)
        y = volumeTop + volumeHeight + 2
        markRow(
            picture.delivered.filter { $0.notification.app == app }.map { delivered in
                let notification = delivered.notification
                let (glyph, colour) = Self.mark(for: notification.change)
                return TimelineMark(
                    time: delivered.time, glyph: glyph, size: 12, colour: colour, kind: "focus-change",
                    title: "\(delivered.time)  \(app) ← \(notification.change)  [\(notification.rule.id)] "
                        + notification.rule.statement)
            })
        checkRow(app: app)
        y = max(y, top + 100)
    }

    /// The app's place with focus, a band coloured by status and named when there is room.
    mutating func focusBand(_ app: AppID, top: Double) {
        for part in picture.parts({ $0.state(of: app)?.focus ?? .none }) {
            let colour = Self.colours(for: part.value)
            segment(
                from: part.from, to: part.to, top: top, height: 13, fill: colour.fill, ink: colour.ink,
                label: "\(part.value)", size: 9, title: "\(part.from)–\(part.to)  \(app) focus: \(part.value)")
        }
    }

    /// A bar while any of the app's players is started.
    mutating func playingBar(_ app: AppID, top: Double) {
        let started = picture.parts { engine in
            (engine.state(of: app)?.players ?? [:]).filter { $0.value == .started }.keys.sorted()
        }
        for part in started where !part.value.isEmpty {
            let (x0, x1) = (x(part.from), x(part.to))
            svg.begin(title: "\(part.from)–\(part.to)  \(app) playing: " + part.value.joined(separator: ", "))
            svg.element(
                "rect",
                [
                    "class": "playing", "x": n(x0), "y": n(top), "width": n(max(1, x1 - x0)),
                    "height": "10", "rx": "2", "fill": "#2e8b47",
                ])
            svg.end()
        }
    }

    /// Spans over which the framework has the app muted (a ring or call) or faded out, behind its volume.
    mutating func silencedSpans(_ app: AppID, top: Double, height: Double) {
        let parts = picture.parts { engine -> String? in
            guard let state = engine.state(of: app) else { return nil }
            switch (state.faded, state.muted) {
            case (true, true): return "faded + muted"
            case (true, false): return "faded"
            case (false, true): return "muted"
            case (false, false): return nil
            }
        }
        for part in parts {
            guard let what = part.value else { continue }
            let (x0, x1) = (x(part.from), x(part.to))
            svg.begin(title: "\(part.from)–\(part.to)  \(app) \(what)")
            svg.element(
                "rect",
                [
                    "class": "silenced", "x": n(x0), "y": n(top - 1), "width": n(max(1, x1 - x0)),
                    "height": n(height + 2), "fill": what == "faded" ? "#eadff7" : "#e2e2e2",
                ])
            if let shown = TimelineText.fitted(what, width: x1 - x0 - 6, size: 9) {
                svg.text(
                    shown, x: x0 + 3, y: top + height - 3,
                    ["class": "label", "font-size": "9", "fill": what == "faded" ? "#4b2a7a" : "#444444"])
            }
            svg.end()
        }
    }

    /// The first player's volume (its own × duck × fade × mute, as the `volume` check reads it): full at the top
    /// of its row, silence at the bottom, at every sample, so a duck's ramp and a fade are slopes.
    mutating func volumeLine(_ app: AppID, top: Double, height: Double) {
        levelRowEdges(top: top, height: height)
        let declared = picture.samples.first?.engine.setup.apps.first { $0.name == app }
        guard let player = declared?.players.first?.name else { return }
        levelLine(
            picture.samples.map { ($0.time, $0.engine.state(of: app)?.volumes[player] ?? 0) }, top: top,
            height: height, title: "\(app) volume: \(player)'s own × duck × fade × mute",
            ["class": "volume", "stroke": "#e07b00", "stroke-width": "2"])
    }

    /// A focus status's band colours.
    static func colours(for status: FocusStatus) -> (fill: String, ink: String) {
        switch status {
        case .gain: ("#cfe8d5", "#1f5a30")
        case .lossTransient: ("#f6d0d0", "#8a1c1c")
        case .lossTransientCanDuck: ("#fbe3c4", "#7a4a00")
        case .loss: ("#d8c4c4", "#4a1010")
        case .delayed: ("#e1d9f2", "#4b2a7a")
        case .none: ("#f1f1f1", "#888888")
        }
    }

    /// A focus change's glyph and colour.
    static func mark(for change: FocusChange) -> (String, String) {
        switch change {
        case .gain: ("▲", "#2e8b47")
        case .lossTransient: ("▼", "#b3261e")
        case .lossTransientCanDuck: ("▽", "#c06a00")
        case .loss: ("■", "#5a1010")
        }
    }
}
