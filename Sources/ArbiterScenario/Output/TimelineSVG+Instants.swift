import ArbiterEngine

/// Steps at one instant take no room on an even axis: each such instant gets a box below the lanes, linked to
/// its place on the axis, with a column for the state before it and after each of its steps.
extension TimelineCanvas {
    static let instantColour = "#7a4fb3"
    static let nameColumn = 84.0

    /// The most boxes a picture gets; the marks on the axis of the instants past them still list their steps.
    static let mostBoxes = 24

    /// The boxes of the instants with several steps, each with a row per app it knows, the route and Now Playing.
    mutating func instantBoxes(below lanesBottom: Double) {
        let instants = picture.instants
        instantBoxes(instants.map { ($0.time, $0.steps.count, rows(of: $0).count) }, below: lanesBottom) {
            canvas, index, box in
            canvas.draw(instants[index], in: box)
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
        return apps.filter { app in engines.contains { $0.app(app) != nil } }.map(InstantRow.app) + [
            .route, .nowPlaying,
        ]
    }

    mutating func draw(_ instant: TimelinePicture.Instant, in box: InstantBoxFrame) {
        var rowTop = boxFrame(box, steps: instant.steps.count)
        let engines = [instant.before] + instant.steps.map(\.frame.engine)
        for row in rows(of: instant) {
            let name: String =
                switch row {
                case .app(let app): app.name
                case .route: "route"
                case .nowPlaying: "Now Playing"
                }
            boxRowName(name, box, top: rowTop)
            for (column, engine) in engines.enumerated() {
                let notifications = column == 0 ? [] : instant.steps[column - 1].frame.notifications
                cell(
                    row, engine: engine, notifications: notifications, at: boxColumn(box, column), top: rowTop,
                    width: box.column, when: boxWhen(box, column))
            }
            rowTop += 16
        }
        boxSteps(
            instant.steps.map {
                TimelineStep(
                    time: $0.frame.time, label: $0.frame.label, detail: $0.frame.detail,
                    failed: $0.frame.failed)
            }, box, top: rowTop)
    }

    /// One row's state in one column: an app's playing and audible bars on red when interrupted, with the first
    /// two notifications its step delivered; the route's name; the Now Playing app.
    mutating func cell(
        _ row: InstantRow, engine: Engine, notifications: [SessionNotification], at left: Double,
        top: Double, width: Double, when: String
    ) {
        switch row {
        case .app(let app):
            guard let state = engine.app(app) else { return }
            let mine = notifications.filter { $0.app == app }
            let playing = state.isPlaying
            let audible = engine.audibility(of: app)?.isAudible == true
            let interrupted = state.session.isInterrupted
            let glyphRoom = width >= 44 ? 18.0 : 0
            var title = "\(app) \(when): \(playing ? "playing" : "not playing"), \(audible ? "audible" : "not audible")"
            if interrupted { title += ", interrupted" }
            title += mine.map { "; \($0.kind)" }.joined()
            svg.begin(title: title)
            svg.element(
                "rect",
                [
                    "x": n(left + 3), "y": n(top), "width": n(width - 6), "height": "12",
                    "fill": interrupted ? "#f9dede" : "#f1f1f1",
                ])
            let barWidth = width - 10 - glyphRoom
            if playing {
                svg.element(
                    "rect",
                    [
                        "x": n(left + 5), "y": n(top + 2), "width": n(barWidth), "height": "3.5",
                        "fill": "#2e8b47",
                    ])
            }
            if audible {
                svg.element(
                    "rect",
                    [
                        "x": n(left + 5), "y": n(top + 6.5), "width": n(barWidth), "height": "3.5",
                        "fill": "#2f6fdb",
                    ])
            }
            for (index, notification) in mine.prefix(glyphRoom > 0 ? 2 : 0).enumerated() {
                let (glyph, colour) = TimelineCanvas.mark(for: notification.kind)
                svg.text(
                    glyph, x: left + width - 16 + Double(index) * 8, y: top + 10,
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
                svg.text(
                    shown, x: left + 3, y: top + 10,
                    ["class": "label", "font-size": "9", "fill": app == nil ? "#999999" : "#4b2a7a"])
            }
            svg.end()
        }
    }
}
