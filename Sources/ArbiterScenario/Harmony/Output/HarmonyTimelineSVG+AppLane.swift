import ArbiterEngine
import ArbiterHarmony

/// One lane per app (or system owner): its name, then each stream's rows and events, its AudioSession when it
/// has one, and its checks.
extension HarmonyTimelineSVG.Canvas {
    static let rowNames = ["state", "focus", "volume", "session"]

    mutating func appLane(_ lane: HarmonyTimelineSVG.Picture.Lane) {
        separator(at: y)
        let top = y
        laneHeading(lane.app.name, top: top, rowNames: Self.rowNames)
        y = top + 4
        for (index, stream) in lane.streams.enumerated() {
            streamRows(StreamOwner(lane.app, stream), nameAt: index == 0 ? top + 38 : nil)
        }
        if lane.hasSession { sessionRow(lane.app) }
        checkRow(picture.checks.filter { $0.app == lane.app })
        y = max(y, top + 70) + 2
    }

    /// A stream's name at `baseline` (under its app's name for the first stream, beside its first row for the
    /// others), hovering giving what it is.
    mutating func streamName(_ owner: StreamOwner, baseline: Double) {
        guard let name = owner.stream else { return }
        let config = config(of: owner)
        var title = "\(owner)"
        if let config {
            title += ": \(config.kind)"
            if let usage = config.usage { title += ", usage \(usage)" }
            if let source = config.source { title += ", source \(source)" }
            title += ", interruptMode \(config.interruptMode) at the start"
        }
        let rowNames = Self.rowNames.map { TimelineText.width($0, size: 10) }.max() ?? 0
        svg.begin(title: title)
        if let shown = TimelineText.fitted(name, width: TimelineSVG.left - 8 - rowNames - 24, size: 11) {
            svg.text(shown, x: 18, y: baseline, ["class": "label", "font-size": "11", "fill": "#555555"])
        }
        svg.end()
    }

    /// How the app (or the system) declares the stream.
    func config(of owner: StreamOwner) -> StreamConfig? {
        (picture.samples[0].engine.setup.apps + HarmonyEngine.systemApps)
            .first { $0.name == owner.app }?.streams.first { $0.name == owner.stream }
    }

    /// A stream's state, its focus entry and (a player's) its volume, then the interrupt events it was told; its
    /// name at `nameBaseline` when given (the app's first stream), else beside its first row.
    mutating func streamRows(_ owner: StreamOwner, nameAt nameBaseline: Double?) {
        let top = y
        if nameBaseline == nil {
            svg.element(
                "line",
                [
                    "x1": n(TimelineSVG.left), "y1": n(top), "x2": n(TimelineSVG.width - TimelineSVG.right),
                    "y2": n(top), "stroke": "#e6e6e6", "stroke-dasharray": "2,3",
                ])
        }
        streamName(owner, baseline: nameBaseline ?? top + 16)
        let stateTop = top + 6
        let focusTop = top + 22
        let volumeTop = top + 40
        let volumeHeight = 18.0
        laneName("state", y: stateTop + 10, size: 10)
        laneName("focus", y: focusTop + 10, size: 10)
        stateBand(owner, top: stateTop)
        focusBand(owner, top: focusTop)
        if config(of: owner)?.kind == .audioCapturer {
            y = focusTop + 17
        } else {
            laneName("volume", y: volumeTop + 13, size: 10)
            volumeLine(owner, top: volumeTop, height: volumeHeight)
            y = volumeTop + volumeHeight + 2
        }
        markRow(
            picture.delivered.compactMap { delivered in
                guard case .interrupt(let to, let event, let rule) = delivered.notification, to == owner else {
                    return nil
                }
                let (glyph, colour) = Self.mark(for: event.hint)
                return TimelineMark(
                    time: delivered.time, glyph: glyph, size: 12, colour: colour,
                    kind: "interrupt \(event.type) \(event.force) \(event.hint)",
                    title: "\(delivered.time)  \(owner) ← audioInterrupt \(event)  "
                        + HarmonyTimelineSVG.because(rule)
                        + (delivered.reaction.map { "; the app's handler: \($0)" } ?? ""),
                    outlined: event.force == .share)
            })
    }

    /// The stream's state (`running`, `paused`, ...), a band coloured and named by it.
    mutating func stateBand(_ owner: StreamOwner, top: Double) {
        for part in picture.parts({ $0.stream(owner)?.state }) {
            guard let state = part.value else { continue }
            let colour = Self.colours(for: state)
            segment(
                from: part.from, to: part.to, top: top, height: 13, fill: colour.fill, ink: colour.ink,
                label: "\(state)", size: 9, title: "\(part.from)–\(part.to)  \(owner) \(state)")
        }
    }

    /// The stream's entry in the focus list (`active`, `duck`, `pause`), none drawn while it has none.
    mutating func focusBand(_ owner: StreamOwner, top: Double) {
        for part in picture.parts({ $0.stream(owner)?.focus }) {
            guard let focus = part.value else { continue }
            let colour = Self.colours(for: focus)
            segment(
                from: part.from, to: part.to, top: top, height: 13, fill: colour.fill, ink: colour.ink,
                label: "\(focus)", size: 9, title: "\(part.from)–\(part.to)  \(owner) focus \(focus)")
        }
    }

    /// The volume the system applies (1, or the duck factor): pale while the stream is not running, bold while it
    /// plays at it.
    mutating func volumeLine(_ owner: StreamOwner, top: Double, height: Double) {
        levelRowEdges(top: top, height: height)
        let parts = picture.parts { engine in
            engine.stream(owner).map { Level(volume: $0.volume, running: $0.state == .running) }
        }
        levelLine(
            parts.flatMap { [($0.from, $0.value?.volume ?? 0), ($0.to, $0.value?.volume ?? 0)] }, top: top,
            height: height, title: "\(owner) volume the system applies (1, or the duck factor)",
            ["class": "volume", "stroke": "#f2cfa6", "stroke-width": "1.5"])
        for part in parts {
            guard let level = part.value, level.running else { continue }
            levelLine(
                [(part.from, level.volume), (part.to, level.volume)], top: top, height: height,
                title: "\(part.from)–\(part.to)  \(owner) plays at volume \(Profile.text(level.volume))",
                ["class": "volume playing", "stroke": "#e07b00", "stroke-width": "2.5"])
        }
    }

    /// A stream's volume, and whether it plays at it.
    struct Level: Equatable {
        var volume: Double
        var running: Bool
    }

    /// The app's AudioSession: its concurrency mode (and scene) while active, darker while it holds focus for no
    /// stream (its placeholder), then the `audioSessionDeactivated` and `audioSessionStateChanged` events it was told.
    mutating func sessionRow(_ app: AppID) {
        let top = y + 2
        laneName("session", y: top + 10, size: 10)
        let parts = picture.parts { engine in
            SessionView(
                mode: engine.session(of: app),
                placeholder: engine.focusList.contains { $0.owner == StreamOwner(app) && $0.state == .placeholder },
                scene: engine.sessionScene(of: app))
        }
        for part in parts where part.value.mode != nil || part.value.placeholder {
            let mode =
                (part.value.mode.map { "\($0)" } ?? "inactive") + (part.value.scene.map { ", \($0) scene" } ?? "")
            let holds = part.value.placeholder
            segment(
                from: part.from, to: part.to, top: top, height: 13, fill: holds ? "#d9cdef" : "#efeaf7",
                ink: "#4b2a7a", label: holds ? "\(mode), holds focus" : mode, size: 9,
                title: "\(part.from)–\(part.to)  \(app) AudioSession \(mode)"
                    + (holds ? "; holds focus with no stream (its placeholder)" : ""))
        }
        y = top + 15
        markRow(
            picture.delivered.compactMap { delivered in
                if case .sessionStateChanged(let to, let hint, let rule) = delivered.notification, to == app {
                    return TimelineMark(
                        time: delivered.time, glyph: "◆", size: 11, colour: "#5b2f91",
                        kind: "session-state \(hint)",
                        title: "\(delivered.time)  \(app) ← audioSessionStateChanged \(hint)  "
                            + HarmonyTimelineSVG.because(rule))
                }
                guard case .sessionDeactivated(let to, let reason, let rule) = delivered.notification, to == app else {
                    return nil
                }
                return TimelineMark(
                    time: delivered.time, glyph: "⊘", size: 12, colour: "#5b2f91",
                    kind: "session-deactivated \(reason)",
                    title: "\(delivered.time)  \(app) ← audioSessionDeactivated \(reason)  "
                        + HarmonyTimelineSVG.because(rule))
            })
    }

    /// What the session row shows at an instant.
    struct SessionView: Equatable {
        var mode: ConcurrencyMode?
        var placeholder: Bool
        var scene: SessionScene?
    }
}
