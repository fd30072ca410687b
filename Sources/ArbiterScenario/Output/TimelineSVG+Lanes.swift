import ArbiterEngine

/// The lanes: steps, route, Now Playing, and one per app.
extension TimelineCanvas {
    static let halo = ["stroke": "#ffffff", "stroke-width": "2.5", "paint-order": "stroke", "stroke-linejoin": "round"]

    /// The steps, each at its time, and the checks of events.
    mutating func stepsLane() {
        stepsLane(
            picture.steps.map {
                TimelineStep(
                    time: $0.frame.time, label: $0.frame.label, detail: $0.frame.detail,
                    failed: $0.frame.failed, isOutside: $0.frame.isOutside)
            },
            instants: picture.instants.map { ($0.time, $0.steps.map(\.frame.label)) })
        checkRow(.steps)
        y += 4
    }

    /// The route: a segment per route, named when there is room, then the route's checks.
    mutating func routeLane() {
        separator(at: y)
        let top = y + 4
        laneName("route", y: top + 14)
        for (index, part) in merged({ TimelineCanvas.routeName($0.currentRoute) }).enumerated() {
            segment(
                from: part.from, to: part.to, top: top, fill: index % 2 == 0 ? "#dce8f7" : "#c5d9f1",
                ink: "#24466e", label: part.value.short, title: "\(part.from)–\(part.to)  route \(part.value.full)")
        }
        y = top + 22
        checkRow(.route)
        y += 2
    }

    /// Who is Now Playing: a segment while one app is, with the elapsed time and rate its lock screen shows at
    /// the segment's start (`Podcasts 1:02 ×1`), then the Now Playing checks.
    mutating func nowPlayingLane() {
        separator(at: y)
        let top = y + 4
        laneName("Now Playing", y: top + 14)
        let colours = [("#e6dcf3", "#4b2a7a"), ("#f6e3cf", "#6b3d0a"), ("#d7eedd", "#1f5a30"), ("#f3d9e4", "#7a2047")]
        for part in picture.nowPlaying {
            let colour = colours[(apps.firstIndex(of: part.view.app) ?? 0) % colours.count]
            var label = part.view.app.name
            if let elapsed = part.elapsedFrom { label += " " + TimelineCanvas.clock(elapsed) }
            if let rate = part.view.rate { label += " ×" + TimelineCanvas.number(rate) }
            var title = "\(part.from)–\(part.to)  Now Playing \(part.view.app)"
            if let item = part.view.title { title += " “\(item)”" }
            if let from = part.elapsedFrom, let to = part.elapsedTo {
                title += ", elapsed \(TimelineCanvas.clock(from)) → \(TimelineCanvas.clock(to))"
            }
            if let rate = part.view.rate { title += ", rate \(TimelineCanvas.number(rate))" }
            segment(from: part.from, to: part.to, top: top, fill: colour.0, ink: colour.1, label: label, title: title)
        }
        y = top + 22
        checkRow(.nowPlaying)
        y += 2
    }

    /// A named stretch of a one-row lane.
    mutating func segment(from: Time, to: Time, top: Double, fill: String, ink: String, label: String, title: String) {
        let (x0, x1) = (x(from), x(to))
        svg.begin(title: title)
        svg.element(
            "rect",
            [
                "x": n(x0), "y": n(top), "width": n(max(1, x1 - x0)), "height": "18",
                "fill": fill, "stroke": "#ffffff",
            ])
        if let shown = TimelineText.fitted(label, width: x1 - x0 - 8, size: 11) {
            svg.text(shown, x: x0 + 4, y: top + 13, ["class": "label", "font-size": "11", "fill": ink])
        }
        svg.end()
    }

    /// One app's lane: playing and audible bars, the gain line, interrupted spans, notifications and checks.
    mutating func appLane(_ app: AppID) {
        separator(at: y)
        let top = y
        // The name, cut short before the row names right of it (the full name is the hover title).
        let room = TimelineSVG.left - 8 - TimelineText.width("playing", size: 10) - 12 - 6
        svg.begin(title: app.name)
        if let name = TimelineText.fitted(app.name, width: room, size: 14, bold: true) {
            svg.text(name, x: 12, y: top + 22, ["font-size": "14", "font-weight": "bold"])
        }
        svg.end()
        let playingY = top + 8
        let audibleY = top + 22
        let gainTop = top + 42
        let gainHeight = 24.0
        laneName("playing", y: playingY + 9, size: 10)
        laneName("audible", y: audibleY + 9, size: 10)
        laneName("gain", y: gainTop + 16, size: 10)
        // Interrupted spans behind everything else.
        for part in merged({ $0.app(app)?.session.isInterrupted == true }) where part.value {
            let (x0, x1) = (x(part.from), x(part.to))
            svg.begin(title: "\(app) interrupted \(part.from)–\(part.to)")
            svg.element(
                "rect",
                [
                    "x": n(x0), "y": n(top + 2), "width": n(max(1, x1 - x0)), "height": "66",
                    "fill": "#f9dede",
                ])
            if let shown = TimelineText.fitted("interrupted", width: x1 - x0 - 6, size: 9) {
                svg.text(shown, x: x0 + 3, y: top + 39, ["class": "label", "font-size": "9", "fill": "#b3261e"])
            }
            svg.end()
        }
        bars(merged { $0.app(app)?.isPlaying == true }, y: playingY, colour: "#2e8b47", what: "\(app) playing")
        bars(
            merged { $0.audibility(of: app)?.isAudible == true }, y: audibleY, colour: "#2f6fdb", what: "\(app) audible"
        )
        gainLine(app, top: gainTop, height: gainHeight)
        y = top + 70
        // Notifications delivered to the app, then its checks.
        var marks: [TimelineMark] = []
        for frame in picture.frames {
            for notification in frame.notifications where notification.app == app {
                let (glyph, colour) = TimelineCanvas.mark(for: notification.kind)
                marks.append(
                    TimelineMark(
                        time: frame.time, glyph: glyph, size: 12, colour: colour, kind: "mark",
                        title: "\(frame.time)  \(notification.kind)  [\(notification.rule.id)]"))
            }
        }
        markRow(marks)
        checkRow(.app(app))
        y = max(y, top + 104)
    }

    /// Bars where `value` is true.
    mutating func bars(_ parts: [Part<Bool>], y top: Double, colour: String, what: String) {
        for part in parts where part.value {
            let (x0, x1) = (x(part.from), x(part.to))
            svg.begin(title: "\(what) \(part.from)–\(part.to)")
            svg.element(
                "rect",
                [
                    "x": n(x0), "y": n(top), "width": n(max(1, x1 - x0)), "height": "10", "rx": "2",
                    "fill": colour,
                ])
            svg.end()
        }
    }

    /// The gain: full at the top of its row, silence at the bottom; sampled finely enough to draw ramps.
    mutating func gainLine(_ app: AppID, top: Double, height: Double) {
        levelRowEdges(top: top, height: height)
        var points: [(Double, Double)] = []
        for span in spans where span.engine.app(app) != nil {
            let (sx0, sx1) = (x(span.from), x(span.to))
            let samples = max(1, min(400, Int((sx1 - sx0) / 2)))
            for sample in 0...samples {
                let time = Time.ms(
                    span.from.milliseconds
                        + (span.to.milliseconds - span.from.milliseconds) * Int64(sample) / Int64(samples))
                let gain = span.engine.gain(of: app, at: time) ?? 1
                let point = (
                    sx0 + (sx1 - sx0) * Double(sample) / Double(samples), top + height * (1 - min(1, max(0, gain)))
                )
                if points.count >= 2, points[points.count - 1].1 == point.1, points[points.count - 2].1 == point.1 {
                    points[points.count - 1] = point
                } else {
                    points.append(point)
                }
            }
        }
        guard !points.isEmpty else { return }
        svg.element(
            "polyline",
            [
                "points": points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "),
                "fill": "none", "stroke": "#e07b00", "stroke-width": "2",
            ])
    }

    /// The ✓ and ✗ of the checks drawn in `lane`, on a row of their own (none when there are none).
    mutating func checkRow(_ lane: TimelinePicture.CheckMark.Lane) {
        checkRow(
            picture.checks.filter { $0.lane == lane }.map { check in
                let time = picture.frames.indices.contains(check.frame) ? picture.frames[check.frame].time : check.time
                return (time, check.passed, "\(check.time)  \(check.text)")
            })
    }

    /// A stretch of time over which a value holds.
    struct Part<Value> {
        var from: Time
        var to: Time
        var value: Value
    }

    /// The spans of `value`, adjacent equal ones joined.
    func merged<Value: Equatable>(_ value: (Engine) -> Value) -> [Part<Value>] {
        var result: [Part<Value>] = []
        for span in spans {
            let current = value(span.engine)
            if let last = result.last, last.value == current {
                result[result.count - 1].to = span.to
            } else {
                result.append(Part(from: span.from, to: span.to, value: current))
            }
        }
        return result
    }

    /// A route's outputs: port types for the label, with accessory names for the hover text.
    static func routeName(_ route: Route) -> RouteName {
        guard !route.outputs.isEmpty else { return RouteName(short: "no output", full: "no output") }
        return RouteName(
            short: route.outputs.map(\.type.rawValue).joined(separator: " + "),
            full: route.outputs.map(\.description).joined(separator: " + "))
    }

    struct RouteName: Equatable {
        var short: String
        var full: String
    }

    /// Seconds as a clock: `1:02`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded(.down))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = (rest < 10 ? "0" : "") + "\(rest)"
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
        return "\(minutes):" + tail
    }

    /// A rate: `1`, `0`, `1.5`, `-2`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 ? "-" : ""
        let (whole, fraction) = (hundredths / 100, hundredths % 100)
        if fraction == 0 { return sign + "\(whole)" }
        if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
        return sign + "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
