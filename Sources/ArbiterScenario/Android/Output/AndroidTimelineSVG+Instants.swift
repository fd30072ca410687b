import ArbiterAndroid
import ArbiterEngine

/// Steps at one instant take no room on an even axis: each such instant gets a box below the lanes, linked to its
/// place on the axis, with a column for the state before it and after each of its steps.
extension AndroidTimelineSVG.Canvas {
    /// The boxes of the instants with several steps, each with a row for who holds focus and one per app.
    mutating func instantBoxes(below lanesBottom: Double) {
        let instants = picture.instants
        let rows = picture.apps.count + 1
        instantBoxes(instants.map { ($0.time, $0.steps.count, rows) }, below: lanesBottom) { canvas, index, box in
            canvas.draw(instants[index], in: box)
        }
    }

    mutating func draw(_ instant: AndroidTimelineSVG.Picture.Instant, in box: InstantBoxFrame) {
        var rowTop = boxFrame(box, steps: instant.steps.count)
        let engines = [instant.before] + instant.steps.map(\.after)
        for row in [nil] + picture.apps.map(Optional.some) {
            boxRowName(row?.name ?? (picture.isCar ? "holders" : "focus"), box, top: rowTop)
            for (column, engine) in engines.enumerated() {
                let notifications = column == 0 ? [] : instant.steps[column - 1].notifications
                let (left, when) = (boxColumn(box, column), boxWhen(box, column))
                if let app = row {
                    cell(
                        app, engine: engine, notifications: notifications.filter { $0.app == app },
                        at: left, top: rowTop, width: box.column, when: when)
                } else {
                    let holders = engine.holders.map(\.description).joined(separator: " + ")
                    svg.begin(
                        title: "\(picture.isCar ? "holders" : "focus") \(when): "
                            + (holders.isEmpty ? "no one" : holders))
                    if let shown = TimelineText.fitted(
                        holders.isEmpty ? "no one" : holders, width: box.column - 6,
                        size: 9)
                    {
                        svg.text(
                            shown, x: left + 3, y: rowTop + 10,
                            ["class": "label", "font-size": "9", "fill": holders.isEmpty ? "#999999" : "#24466e"])
                    }
                    svg.end()
                }
            }
            rowTop += 16
        }
        boxSteps(
            instant.steps.map {
                TimelineStep(
                    time: $0.time, label: $0.label, detail: $0.detail,
                    failed: $0.failed)
            }, box, top: rowTop)
    }

    /// An app's state in one column: its focus status's colour, a bar when a player is started, and the first two
    /// focus changes its step delivered.
    mutating func cell(
        _ app: AppID, engine: AndroidEngine, notifications: [FocusNotification], at left: Double,
        top: Double, width: Double, when: String
    ) {
        guard let state = engine.state(of: app) else { return }
        let playing = state.players.values.contains(.started)
        let glyphRoom = width >= 44 ? 18.0 : 0
        var title = "\(app) \(when): focus \(state.focus), \(playing ? "playing" : "not playing")"
        if state.ducked { title += ", ducked" }
        if state.faded { title += ", faded" }
        if state.muted { title += ", muted" }
        title += notifications.map { "; ← \($0.change) [\($0.rule.id)]" }.joined()
        boxCell(
            at: left, top: top, width: width, fill: Self.colours(for: state.focus).fill, playing: playing,
            marks: notifications.map { notification in
                let (glyph, colour) = Self.mark(for: notification.change)
                return (glyph, colour, false)
            }, glyphRoom: glyphRoom, spacing: 8, title: title)
    }
}
