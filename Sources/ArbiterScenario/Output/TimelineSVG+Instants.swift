import ArbiterEngine

/// Steps at one instant take no room on an even axis: each such instant gets a box below the lanes, linked to
/// its place on the axis, with a column for the state before it and after each of its steps.
extension TimelineCanvas {
    static let instantColour = "#7a4fb3"
    static let nameColumn = 84.0

    /// Where an instant's box goes.
    struct InstantBox {
        var instant: TimelinePicture.Instant
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var column: Double
    }

    /// The most boxes a picture gets; the marks on the axis of the instants past them still list their steps.
    static let mostBoxes = 24

    /// The boxes of the instants with several steps, in time order, each under its instant when there is room,
    /// left to right in rows.
    mutating func instants(below lanesBottom: Double) {
        let all = picture.instants
        guard !all.isEmpty else { return }
        let instants = all.prefix(TimelineCanvas.mostBoxes)
        let usable = TimelineSVG.width - 16
        var boxes: [InstantBox] = []
        var rowTop = lanesBottom + 28, rowRight = -Double.infinity, rowHeight = 0.0
        for instant in instants {
            let columns = Double(instant.steps.count + 1)
            let column = min(72, (usable - TimelineCanvas.nameColumn - 8) / columns)
            let width = TimelineCanvas.nameColumn + column * columns + 8
            let height = 36 + Double(rows(of: instant).count) * 16 + Double(instant.steps.count) * 13 + 8
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
            svg.text("\(all.count - instants.count) more instants with several steps, from \(all[instants.count].time): "
                     + "hover over their marks on the axis for their steps", x: 16, y: y + 12,
                     ["class": "label", "font-size": "11", "fill": TimelineCanvas.instantColour])
            y += 20
        }
    }

    /// What a box shows a row of: each app, the route and Now Playing.
    enum InstantRow {
        case app(AppID)
        case route
        case nowPlaying
    }

    func rows(of instant: TimelinePicture.Instant) -> [InstantRow] {
        let engines = [instant.before] + instant.steps.map(\.frame.engine)
        return apps.filter { app in engines.contains { $0.app(app) != nil } }.map(InstantRow.app) + [.route, .nowPlaying]
    }

    mutating func draw(_ box: InstantBox) {
        let instant = box.instant
        let colour = TimelineCanvas.instantColour
        svg.element("rect", ["x": n(box.x), "y": n(box.y), "width": n(box.width), "height": n(box.height), "rx": "4",
                             "fill": "#fbf8fe", "stroke": colour, "stroke-width": "1.2"])
        svg.text("at \(instant.time): \(instant.steps.count) steps", x: box.x + 8, y: box.y + 15,
                 ["class": "label", "font-size": "11", "font-weight": "bold", "fill": colour])
        let engines = [instant.before] + instant.steps.map(\.frame.engine)
        func left(_ column: Int) -> Double { box.x + TimelineCanvas.nameColumn + box.column * Double(column) }
        for column in engines.indices {
            let name = column > 0 ? "\(column)" : instant.time == .zero ? "setup" : "before"
            svg.text(name, x: left(column) + box.column / 2, y: box.y + 30,
                     ["class": "label", "font-size": "9", "fill": "#666666", "text-anchor": "middle"])
        }
        var rowTop = box.y + 36
        for row in rows(of: instant) {
            let name: String = switch row {
            case .app(let app): app.name
            case .route: "route"
            case .nowPlaying: "Now Playing"
            }
            if let shown = TimelineText.fitted(name, width: TimelineCanvas.nameColumn - 12, size: 10) {
                svg.text(shown, x: box.x + 8, y: rowTop + 10, ["class": "label", "font-size": "10", "fill": "#444444"])
            }
            for (column, engine) in engines.enumerated() {
                let notifications = column == 0 ? [] : instant.steps[column - 1].frame.notifications
                cell(row, engine: engine, notifications: notifications, at: left(column), top: rowTop, width: box.column,
                     when: column > 0 ? "after step \(column)" : instant.time == .zero ? "at the start" : "before \(instant.time)")
            }
            rowTop += 16
        }
        for (number, step) in instant.steps.enumerated() {
            let text = "\(number + 1)  \(step.frame.label)"
            svg.begin(title: "\(number + 1)  \(step.frame.label)" + (step.frame.detail.map { "  (\($0))" } ?? ""))
            if let shown = TimelineText.fitted(text, width: box.width - 16, size: 10) {
                svg.text(shown, x: box.x + 8, y: rowTop + 11, ["class": "label", "font-size": "10",
                                                               "fill": step.frame.failed ? "#b3261e" : "#333333"])
            }
            svg.end()
            rowTop += 13
        }
    }

    /// One row's state in one column: an app's playing and audible bars on red when interrupted, with the first
    /// two notifications its step delivered; the route's name; the Now Playing app.
    mutating func cell(_ row: InstantRow, engine: Engine, notifications: [SessionNotification], at left: Double,
                       top: Double, width: Double, when: String) {
        switch row {
        case .app(let app):
            guard let state = engine.app(app) else { return }
            let mine = notifications.filter { $0.app == app }
            let playing = state.isPlaying, audible = engine.audibility(of: app)?.isAudible == true
            let interrupted = state.session.isInterrupted
            let glyphRoom = width >= 44 ? 18.0 : 0
            var title = "\(app) \(when): \(playing ? "playing" : "not playing"), \(audible ? "audible" : "not audible")"
            if interrupted { title += ", interrupted" }
            title += mine.map { "; \($0.kind)" }.joined()
            svg.begin(title: title)
            svg.element("rect", ["x": n(left + 3), "y": n(top), "width": n(width - 6), "height": "12",
                                 "fill": interrupted ? "#f9dede" : "#f1f1f1"])
            let barWidth = width - 10 - glyphRoom
            if playing {
                svg.element("rect", ["x": n(left + 5), "y": n(top + 2), "width": n(barWidth), "height": "3.5",
                                     "fill": "#2e8b47"])
            }
            if audible {
                svg.element("rect", ["x": n(left + 5), "y": n(top + 6.5), "width": n(barWidth), "height": "3.5",
                                     "fill": "#2f6fdb"])
            }
            for (index, notification) in mine.prefix(glyphRoom > 0 ? 2 : 0).enumerated() {
                let (glyph, colour) = TimelineCanvas.mark(for: notification.kind)
                svg.text(glyph, x: left + width - 16 + Double(index) * 8, y: top + 10,
                        ["class": "mark", "font-size": "8", "fill": colour, "text-anchor": "middle"])
            }
            svg.end()
        case .route:
            let name = TimelineCanvas.routeName(engine.currentRoute)
            svg.begin(title: "route \(when): \(name.full)")
            if let shown = TimelineText.fitted(name.short, width: width - 6, size: 9) {
                svg.text(shown, x: left + 3, y: top + 10, ["class": "label", "font-size": "9", "fill": "#24466e"])
            }
            svg.end()
        case .nowPlaying:
            let app = engine.nowPlaying
            svg.begin(title: "Now Playing \(when): \(app?.name ?? "none")")
            if let shown = TimelineText.fitted(app?.name ?? "none", width: width - 6, size: 9) {
                svg.text(shown, x: left + 3, y: top + 10,
                        ["class": "label", "font-size": "9", "fill": app == nil ? "#999999" : "#4b2a7a"])
            }
            svg.end()
        }
    }
}
