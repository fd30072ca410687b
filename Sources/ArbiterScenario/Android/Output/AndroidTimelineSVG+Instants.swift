import ArbiterAndroid
import ArbiterEngine

/// Steps at one instant take no room on an even axis: each such instant gets a box below the lanes, linked to its
/// place on the axis, with a column for the state before it and after each of its steps.
extension AndroidTimelineSVG.Canvas {
    /// Where an instant's box goes.
    struct InstantBox {
        var instant: AndroidTimelineSVG.Picture.Instant
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var column: Double
    }

    /// The boxes of the instants with several steps (at most `TimelineCanvas.mostBoxes`), in time order, each under
    /// its instant when there is room, left to right in rows.
    mutating func instantBoxes(below lanesBottom: Double) {
        let all = picture.instants
        guard !all.isEmpty else { return }
        let instants = all.prefix(TimelineCanvas.mostBoxes)
        let nameColumn = TimelineCanvas.nameColumn, usable = TimelineSVG.width - 16
        var boxes: [InstantBox] = []
        var rowTop = lanesBottom + 28, rowRight = -Double.infinity, rowHeight = 0.0
        for instant in instants {
            let columns = Double(instant.steps.count + 1)
            let column = min(72, (usable - nameColumn - 8) / columns)
            let width = nameColumn + column * columns + 8
            let height = 36 + Double(picture.apps.count + 1) * 16 + Double(instant.steps.count) * 13 + 8
            let wanted = min(max(8, x(instant.time) - width / 2), TimelineSVG.width - 8 - width)
            var left = max(wanted, rowRight + 12)
            if left + width > TimelineSVG.width - 8 {
                rowTop += rowHeight + 16
                rowHeight = 0
                left = wanted
            }
            boxes.append(InstantBox(instant: instant, x: left, y: rowTop, width: width, height: height, column: column))
            rowRight = left + width
            rowHeight = max(rowHeight, height)
        }
        for box in boxes {
            let ix = x(box.instant.time)
            svg.element("polyline", ["points": "\(n(ix)),\(n(lanesBottom)) \(n(ix)),\(n(lanesBottom + 10)) "
                                     + "\(n(box.x + box.width / 2)),\(n(box.y))",
                                     "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1",
                                     "stroke-dasharray": "3,2"])
        }
        for box in boxes { draw(box) }
        y = rowTop + rowHeight + 10
        if all.count > instants.count {
            let more = "\(all.count - instants.count) more instants with several steps, "
                + "from \(all[instants.count].time)"
            svg.text(more + ": hover over their marks on the axis for their steps", x: 16, y: y + 12,
                     ["class": "label", "font-size": "11", "fill": TimelineCanvas.instantColour])
            y += 20
        }
    }

    mutating func draw(_ box: InstantBox) {
        let instant = box.instant, colour = TimelineCanvas.instantColour
        svg.element("rect", ["x": n(box.x), "y": n(box.y), "width": n(box.width), "height": n(box.height), "rx": "4",
                             "fill": "#fbf8fe", "stroke": colour, "stroke-width": "1.2"])
        svg.text("at \(instant.time): \(instant.steps.count) steps", x: box.x + 8, y: box.y + 15,
                 ["class": "label", "font-size": "11", "font-weight": "bold", "fill": colour])
        let engines = [instant.before] + instant.steps.map(\.after)
        func left(_ column: Int) -> Double { box.x + TimelineCanvas.nameColumn + box.column * Double(column) }
        func when(_ column: Int) -> String {
            column > 0 ? "after step \(column)" : instant.time == .zero ? "at the start" : "before \(instant.time)"
        }
        for column in engines.indices {
            let name = column > 0 ? "\(column)" : instant.time == .zero ? "setup" : "before"
            svg.text(name, x: left(column) + box.column / 2, y: box.y + 30,
                     ["class": "label", "font-size": "9", "fill": "#666666", "text-anchor": "middle"])
        }
        var rowTop = box.y + 36
        for row in [nil] + picture.apps.map(Optional.some) {
            let name = row?.name ?? (picture.isCar ? "holders" : "focus")
            if let shown = TimelineText.fitted(name, width: TimelineCanvas.nameColumn - 12, size: 10) {
                svg.text(shown, x: box.x + 8, y: rowTop + 10, ["class": "label", "font-size": "10", "fill": "#444444"])
            }
            for (column, engine) in engines.enumerated() {
                let notifications = column == 0 ? [] : instant.steps[column - 1].notifications
                if let app = row {
                    cell(app, engine: engine, notifications: notifications.filter { $0.app == app },
                         at: left(column), top: rowTop, width: box.column, when: when(column))
                } else {
                    let holders = engine.holders.map(\.description).joined(separator: " + ")
                    svg.begin(title: "\(picture.isCar ? "holders" : "focus") \(when(column)): "
                        + (holders.isEmpty ? "no one" : holders))
                    if let shown = TimelineText.fitted(holders.isEmpty ? "no one" : holders, width: box.column - 6,
                                                       size: 9) {
                        svg.text(shown, x: left(column) + 3, y: rowTop + 10,
                                 ["class": "label", "font-size": "9", "fill": holders.isEmpty ? "#999999" : "#24466e"])
                    }
                    svg.end()
                }
            }
            rowTop += 16
        }
        for (number, step) in instant.steps.enumerated() {
            let text = "\(number + 1)  \(step.label)"
            svg.begin(title: text + (step.detail.map { "  (\($0))" } ?? ""))
            if let shown = TimelineText.fitted(text, width: box.width - 16, size: 10) {
                svg.text(shown, x: box.x + 8, y: rowTop + 11,
                         ["class": "label", "font-size": "10", "fill": step.failed ? "#b3261e" : "#333333"])
            }
            svg.end()
            rowTop += 13
        }
    }

    /// An app's state in one column: its focus status's colour, a bar when a player is started, and the first two
    /// focus changes its step delivered.
    mutating func cell(_ app: AppID, engine: AndroidEngine, notifications: [FocusNotification], at left: Double,
                       top: Double, width: Double, when: String) {
        guard let state = engine.state(of: app) else { return }
        let playing = state.players.values.contains(.started)
        let glyphRoom = width >= 44 ? 18.0 : 0
        var title = "\(app) \(when): focus \(state.focus), \(playing ? "playing" : "not playing")"
        if state.ducked { title += ", ducked" }
        if state.faded { title += ", faded" }
        if state.muted { title += ", muted" }
        title += notifications.map { "; ← \($0.change) [\($0.rule.id)]" }.joined()
        svg.begin(title: title)
        svg.element("rect", ["x": n(left + 3), "y": n(top), "width": n(width - 6), "height": "12",
                             "fill": Self.colours(for: state.focus).fill])
        if playing {
            svg.element("rect", ["x": n(left + 5), "y": n(top + 4), "width": n(width - 10 - glyphRoom),
                                 "height": "4", "fill": "#2e8b47"])
        }
        for (index, notification) in notifications.prefix(glyphRoom > 0 ? 2 : 0).enumerated() {
            let (glyph, colour) = Self.mark(for: notification.change)
            svg.text(glyph, x: left + width - 16 + Double(index) * 8, y: top + 10,
                     ["class": "mark", "font-size": "8", "fill": colour, "text-anchor": "middle"])
        }
        svg.end()
    }
}
