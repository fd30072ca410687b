import ArbiterEngine

/// Draws a `TimelinePicture` as SVG: a time axis, a lane of steps and a lane of routes, then one lane per app
/// with playing and audible bars, the gain as a line, interrupted spans, notification marks and ✓/✗ for
/// expectations. Hovering over a mark shows its details. The same picture gives byte-identical output.
public enum TimelineSVG {
    static let width = 1100.0
    static let left = 150.0
    static let right = 40.0
    static let axisTop = 64.0
    static let rowHeight = 30.0
    static let laneHeight = 100.0

    public static func render(_ picture: TimelinePicture) -> String {
        let apps = picture.apps
        let axis = picture.axis
        let plot = width - left - right
        let layout = Layout(axis: axis, spans: picture.spans(on: axis), x: { left + plot * $0 / max(1, axis.end) })
        let x = layout.x
        func at(_ time: Time) -> Double { x(axis.position(of: time)) }
        let stepsTop = axisTop + 22
        let routeTop = stepsTop + rowHeight
        let lanesTop = routeTop + rowHeight + 10
        let legendTop = lanesTop + laneHeight * Double(apps.count) + 16
        let height = legendTop + 64
        var svg = SVGWriter()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": n(width), "height": n(height),
                         "viewBox": "0 0 \(n(width)) \(n(height))", "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"])
        svg.element("rect", ["x": "0", "y": "0", "width": n(width), "height": n(height), "fill": "#ffffff"])
        let failures = picture.checks.filter { !$0.passed }.count + picture.frames.filter(\.failed).count
        let passes = picture.checks.filter(\.passed).count
        svg.text(picture.title, x: 16, y: 26, ["font-size": "17", "font-weight": "bold"])
        let summary = "\(picture.frames.filter { !$0.isExpectation }.count) steps over \(picture.frames.last?.time ?? .zero); "
            + "\(passes) ✓, \(failures) ✗"
        svg.text(summary, x: 16, y: 46, ["font-size": "12", "fill": failures > 0 ? "#b3261e" : "#3a3a3a"])

        // The time axis and its grid.
        for tick in ticks(upTo: picture.end) {
            let tx = at(tick)
            svg.element("line", ["x1": n(tx), "y1": n(axisTop), "x2": n(tx), "y2": n(legendTop - 10),
                                 "stroke": "#e4e4e4", "stroke-width": "1"])
            svg.text("\(tick)", x: tx, y: axisTop - 4, ["font-size": "10", "fill": "#666666", "text-anchor": "middle"])
        }

        // Steps: a tick per step (red when it failed), and the checks that are not an app's.
        label(&svg, "steps", y: stepsTop + 19)
        for time in Set(axis.slotted).sorted() {
            let slots = Double(axis.slotted.filter { $0 == time }.count)
            let x0 = at(time), x1 = x(axis.position(of: time) + axis.slot * slots)
            svg.open("g", [:])
            svg.element("title", [:], text: "steps at the same instant (\(time)), spread out so each can be seen")
            svg.element("rect", ["x": n(x0), "y": n(axisTop), "width": n(x1 - x0), "height": "6", "fill": "#d0d0d0"])
            svg.close("g")
        }
        for (frame, position) in zip(picture.frames, axis.frames) where !frame.isExpectation {
            let fx = x(position)
            svg.open("g", [:])
            svg.element("title", [:], text: "\(frame.time)  \(frame.label)")
            svg.element("line", ["x1": n(fx), "y1": n(stepsTop + 4), "x2": n(fx), "y2": n(stepsTop + 24),
                                 "stroke": frame.failed ? "#b3261e" : "#8a8a8a", "stroke-width": frame.failed ? "3" : "1.5"])
            svg.close("g")
        }
        checkMarks(&svg, picture.checks.filter { $0.app == nil }, y: stepsTop + 16, layout: layout)

        // Routes: a segment per route, named when there is room.
        label(&svg, "route", y: routeTop + 19)
        let routeSpans = layout.merged { routeName($0.currentRoute) }
        for (index, part) in routeSpans.enumerated() {
            let (x0, x1) = (x(part.x0), x(part.x1))
            svg.open("g", [:])
            svg.element("title", [:], text: "\(part.from)–\(part.to)  route \(part.value.full)")
            svg.element("rect", ["x": n(x0), "y": n(routeTop + 4), "width": n(max(1, x1 - x0)), "height": "20",
                                 "fill": index % 2 == 0 ? "#dce8f7" : "#c5d9f1", "stroke": "#ffffff"])
            if let shown = fitted(part.value.short, width: x1 - x0 - 6) {
                svg.text(shown, x: x0 + 4, y: routeTop + 18, ["font-size": "11", "fill": "#24466e"])
            }
            svg.close("g")
        }

        for (index, app) in apps.enumerated() {
            lane(&svg, picture, app: app, top: lanesTop + laneHeight * Double(index), layout: layout)
        }
        legend(&svg, top: legendTop)
        svg.close("svg")
        return svg.text
    }

    /// One app's lane.
    static func lane(_ svg: inout SVGWriter, _ picture: TimelinePicture, app: AppID, top: Double, layout: Layout) {
        let x = layout.x
        svg.element("line", ["x1": "8", "y1": n(top), "x2": n(width - 8), "y2": n(top), "stroke": "#bdbdbd"])
        svg.text(app.name, x: 12, y: top + 22, ["font-size": "14", "font-weight": "bold"])
        let playingY = top + 8, audibleY = top + 22, gainTop = top + 42, gainHeight = 28.0, marksY = top + 84
        label(&svg, "playing", y: playingY + 9, size: 10)
        label(&svg, "audible", y: audibleY + 9, size: 10)
        label(&svg, "gain", y: gainTop + 18, size: 10)

        // Interrupted spans behind everything else.
        for part in layout.merged({ $0.app(app)?.session.isInterrupted == true }) where part.value {
            svg.open("g", [:])
            svg.element("title", [:], text: "\(app) interrupted \(part.from)–\(part.to)")
            svg.element("rect", ["x": n(x(part.x0)), "y": n(top + 2), "width": n(max(1, x(part.x1) - x(part.x0))),
                                 "height": n(laneHeight - 4), "fill": "#f9dede"])
            svg.text("interrupted", x: x(part.x0) + 3, y: top + 39, ["font-size": "9", "fill": "#b3261e"])
            svg.close("g")
        }
        bars(&svg, layout.merged { $0.app(app)?.isPlaying == true }, y: playingY, color: "#2e8b47",
             what: "\(app) playing", x: x)
        bars(&svg, layout.merged { $0.audibility(of: app)?.isAudible == true }, y: audibleY, color: "#2f6fdb",
             what: "\(app) audible", x: x)

        // Gain: full at the top of its row, silence at the bottom; sampled finely enough to draw ramps.
        svg.element("line", ["x1": n(left), "y1": n(gainTop), "x2": n(width - right), "y2": n(gainTop),
                             "stroke": "#f0e0cc", "stroke-dasharray": "3,3"])
        svg.element("line", ["x1": n(left), "y1": n(gainTop + gainHeight), "x2": n(width - right),
                             "y2": n(gainTop + gainHeight), "stroke": "#f0e0cc", "stroke-dasharray": "3,3"])
        var points: [(Double, Double)] = []
        for part in layout.spans {
            guard part.engine.app(app) != nil else { continue }
            let (x0, x1) = (x(part.x0), x(part.x1))
            let samples = max(1, min(400, Int((x1 - x0) / 2)))
            for sample in 0...samples {
                let time = Time.ms(part.from.milliseconds
                    + (part.to.milliseconds - part.from.milliseconds) * Int64(sample) / Int64(samples))
                let gain = part.engine.gain(of: app, at: time) ?? 1
                let point = (x0 + (x1 - x0) * Double(sample) / Double(samples), gainTop + gainHeight * (1 - min(1, max(0, gain))))
                if points.count >= 2, points[points.count - 1].1 == point.1, points[points.count - 2].1 == point.1 {
                    points[points.count - 1] = point
                } else {
                    points.append(point)
                }
            }
        }
        if !points.isEmpty {
            svg.element("polyline", ["points": points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "),
                                     "fill": "none", "stroke": "#e07b00", "stroke-width": "2"])
        }

        // Notifications delivered to the app, then its checks.
        for (frame, position) in zip(picture.frames, layout.axis.frames) {
            let mine = frame.notifications.filter { $0.app == app }
            for (offset, notification) in mine.enumerated() {
                let (glyph, color) = mark(for: notification.kind)
                let mx = x(position) + Double(offset) * 9
                svg.open("g", [:])
                svg.element("title", [:], text: "\(frame.time)  \(notification.kind)  [\(notification.rule.id)]")
                svg.text(glyph, x: mx, y: marksY - 10, ["font-size": "12", "fill": color, "text-anchor": "middle"])
                svg.close("g")
            }
        }
        checkMarks(&svg, picture.checks.filter { $0.app == app }, y: marksY + 8, layout: layout)
    }

    /// Bars where `value` is true.
    static func bars(_ svg: inout SVGWriter, _ spans: [Layout.Part<Bool>], y: Double, color: String, what: String,
                     x: (Double) -> Double) {
        for part in spans where part.value {
            svg.open("g", [:])
            svg.element("title", [:], text: "\(what) \(part.from)–\(part.to)")
            svg.element("rect", ["x": n(x(part.x0)), "y": n(y), "width": n(max(1, x(part.x1) - x(part.x0))),
                                 "height": "10", "rx": "2", "fill": color])
            svg.close("g")
        }
    }

    /// ✓ and ✗ marks, several at one time side by side.
    static func checkMarks(_ svg: inout SVGWriter, _ checks: [TimelinePicture.CheckMark], y: Double, layout: Layout) {
        var placed: [Int: Int] = [:]
        for check in checks {
            let offset = placed[check.frame, default: 0]
            placed[check.frame] = offset + 1
            let position = layout.axis.frames.indices.contains(check.frame) ? layout.axis.frames[check.frame]
                : layout.axis.position(of: check.time)
            svg.open("g", [:])
            svg.element("title", [:], text: "\(check.time)  \(check.text)")
            svg.text(check.passed ? "✓" : "✗", x: layout.x(position) + Double(offset) * 10, y: y,
                     ["class": check.passed ? "check held" : "check failed",
                      "font-size": check.passed ? "13" : "15", "font-weight": "bold",
                      "fill": check.passed ? "#2e8b47" : "#b3261e", "text-anchor": "middle"])
            svg.close("g")
        }
    }

    static func legend(_ svg: inout SVGWriter, top: Double) {
        var lx = 16.0
        func item(_ draw: (inout SVGWriter) -> Void, _ text: String) {
            draw(&svg)
            svg.text(text, x: lx + 18, y: top + 12, ["font-size": "11", "fill": "#3a3a3a"])
            lx += 18 + Double(text.count) * 6.4 + 18
        }
        item({ $0.element("rect", ["x": n(lx), "y": n(top + 3), "width": "14", "height": "10", "fill": "#2e8b47"]) }, "playing")
        item({ $0.element("rect", ["x": n(lx), "y": n(top + 3), "width": "14", "height": "10", "fill": "#2f6fdb"]) }, "audible")
        item({ $0.element("line", ["x1": n(lx), "y1": n(top + 8), "x2": n(lx + 14), "y2": n(top + 8), "stroke": "#e07b00",
                                   "stroke-width": "2"]) }, "gain (top = full)")
        item({ $0.element("rect", ["x": n(lx), "y": n(top + 1), "width": "14", "height": "14", "fill": "#f9dede"]) }, "interrupted")
        item({ $0.text("✓", x: lx + 7, y: top + 13, ["font-size": "13", "fill": "#2e8b47", "text-anchor": "middle"]) }, "check held")
        item({ $0.text("✗", x: lx + 7, y: top + 13, ["font-size": "13", "fill": "#b3261e", "text-anchor": "middle"]) }, "check failed")
        lx = 16
        let kinds: [(NotificationKind, String)] = [
            (.interruptionBegan(reason: .default), "interruption began"), (.interruptionEnded(shouldResume: true), "ended"),
            (.routeChange(reason: .unknown, previous: Route(outputs: [], inputs: [])), "route change"),
            (.silenceSecondaryAudioHint(.begin), "silence hint"), (.remoteCommand(.play), "remote command"),
            (.mediaServicesWereReset, "media services"), (.playbackStateChanged(player: "", .playing), "playback state"),
        ]
        for (kind, text) in kinds {
            let (glyph, color) = mark(for: kind)
            svg.text(glyph, x: lx + 7, y: top + 38, ["font-size": "12", "fill": color, "text-anchor": "middle"])
            svg.text(text, x: lx + 18, y: top + 37, ["font-size": "11", "fill": "#3a3a3a"])
            lx += 18 + Double(text.count) * 6.4 + 18
        }
        svg.text("hover a mark for its details", x: width - right, y: top + 37,
                 ["font-size": "10", "fill": "#888888", "text-anchor": "end"])
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

    static func label(_ svg: inout SVGWriter, _ text: String, y: Double, size: Int = 11) {
        svg.text(text, x: left - 8, y: y, ["font-size": "\(size)", "fill": "#777777", "text-anchor": "end"])
    }

    /// A route's outputs: port types for the label, with accessory names for the hover text.
    static func routeName(_ route: Route) -> RouteName {
        guard !route.outputs.isEmpty else { return RouteName(short: "no output", full: "no output") }
        return RouteName(short: route.outputs.map(\.type.rawValue).joined(separator: " + "),
                         full: route.outputs.map(\.description).joined(separator: " + "))
    }

    struct RouteName: Equatable {
        var short: String
        var full: String
    }

    /// `text`, or its start with an ellipsis, in `width` pixels of 11-pixel text; nil when not even that fits.
    static func fitted(_ text: String, width: Double) -> String? {
        let fits = Int(width / 6.4)
        if text.count <= fits { return text }
        return fits >= 4 ? String(text.prefix(fits - 1)) + "…" : nil
    }

    /// Round times for the axis, about eight of them.
    static func ticks(upTo end: Time) -> [Time] {
        let steps: [Int64] = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
                              600_000, 900_000, 1_800_000, 3_600_000]
        let step = steps.first { end.milliseconds / $0 <= 10 } ?? 3_600_000 * max(1, end.milliseconds / 36_000_000)
        return stride(from: Int64(0), through: end.milliseconds, by: Int(step)).map { Time(milliseconds: $0) }
    }

    /// A coordinate with at most one decimal.
    static func n(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}

/// The picture's spans placed on its axis, and the pixel for an axis position.
struct Layout {
    /// A stretch of time over which a value holds.
    struct Part<Value> {
        var from: Time, to: Time, x0: Double, x1: Double, value: Value
    }

    var axis: TimelinePicture.Axis
    var spans: [(from: Time, to: Time, x0: Double, x1: Double, engine: Engine)]
    var x: (Double) -> Double

    /// The spans of `value`, adjacent equal ones joined.
    func merged<Value: Equatable>(_ value: (Engine) -> Value) -> [Part<Value>] {
        var result: [Part<Value>] = []
        for span in spans {
            let current = value(span.engine)
            if let last = result.last, last.value == current, last.x1 == span.x0 {
                result[result.count - 1].to = span.to
                result[result.count - 1].x1 = span.x1
            } else {
                result.append(Part(from: span.from, to: span.to, x0: span.x0, x1: span.x1, value: current))
            }
        }
        return result
    }
}

/// Writes SVG elements with escaped text and attributes in a fixed order.
struct SVGWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += indent + "<\(name)\(attributeText(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [String: String], text content: String? = nil) {
        if let content {
            text += indent + "<\(name)\(attributeText(attributes))>\(SVGWriter.escape(content))</\(name)>\n"
        } else {
            text += indent + "<\(name)\(attributeText(attributes))/>\n"
        }
    }

    mutating func text(_ content: String, x: Double, y: Double, _ attributes: [String: String]) {
        var all = attributes
        all["x"] = TimelineSVG.n(x)
        all["y"] = TimelineSVG.n(y)
        element("text", all, text: content)
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    private func attributeText(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { " \($0)=\"\(SVGWriter.escape(attributes[$0] ?? ""))\"" }.joined()
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
