import ArbiterAndroid
import ArbiterEngine

/// The lanes above the apps': the steps, and who holds focus.
extension AndroidTimelineSVG.Canvas {
    /// A tick per step at its time (red when it failed), its name below on one of up to four rows, then the checks
    /// that are not about one app. A small purple box marks an instant with several steps; hovering over it lists them.
    mutating func stepsLane() {
        let top = y, strip = 8.0, size = 11.0, rowHeight = 15.0
        let steps = picture.steps
        let placed = TimelineText.Rows.place(steps.map { (x($0.time), $0.label) }, rows: 4, size: size,
                                             start: TimelineSVG.left, limit: TimelineSVG.width - 8)
        let rows = (placed.map(\.row).max() ?? 0) + 1
        laneName("steps", y: top + strip + size)
        for instant in picture.instants {
            let ix = x(instant.time)
            svg.begin(title: "\(instant.steps.count) steps at \(instant.time): "
                + instant.steps.map(\.label).joined(separator: "; "))
            svg.element("rect", ["x": n(ix - 4), "y": n(top - 1), "width": "8", "height": n(strip + 2),
                                 "fill": "none", "stroke": TimelineCanvas.instantColour, "stroke-width": "1.5"])
            svg.end()
        }
        for (step, place) in zip(steps, placed) {
            let sx = x(step.time)
            let baseline = top + strip + size + Double(place.row) * rowHeight
            svg.begin(title: "\(step.time)  \(step.label)" + (step.detail.map { "  (\($0))" } ?? ""))
            svg.element("line", ["x1": n(sx), "y1": n(top + strip), "x2": n(sx), "y2": n(baseline - size + 1),
                                 "stroke": "#d6d6d6", "stroke-width": "1"])
            svg.element("line", ["class": "step", "x1": n(sx), "y1": n(top), "x2": n(sx), "y2": n(top + strip),
                                 "stroke": step.failed ? "#b3261e" : "#8a8a8a",
                                 "stroke-width": step.failed ? "3" : "1.5"])
            if let text = place.text {
                svg.text(text, x: place.x, y: baseline, TimelineCanvas.halo.merging(
                    ["class": "label step", "font-size": n(size), "fill": step.failed ? "#b3261e" : "#333333"]) { $1 })
            }
            svg.end()
        }
        y = top + strip + Double(rows) * rowHeight + 4
        checkRow(app: nil)
        y += 4
    }

    /// Who holds focus: a segment per holder (the car: per set of holders), named, with the stack and the call in
    /// its hover title.
    mutating func focusLane() {
        separator(at: y)
        let top = y + 4
        laneName(picture.isCar ? "holders" : "focus", y: top + 14)
        let parts = picture.parts { FocusView(holders: $0.holders, stack: $0.stack, call: $0.call) }
        for part in parts where !part.value.holders.isEmpty {
            let colour = colours(for: part.value.holders[0])
            let names = part.value.holders.map(\.description).joined(separator: " + ")
            var title = "\(part.from)–\(part.to)  " + (picture.isCar ? "holders: \(names)" : "focus: \(names)")
            if !picture.isCar { title += "; stack: " + part.value.stack.map(\.description).joined(separator: ", ") }
            if let call = part.value.call { title += "; call \(call)" }
            segment(from: part.from, to: part.to, top: top, height: 18, fill: colour.fill, ink: colour.ink,
                    label: names, size: 11, title: title)
        }
        y = top + 24
    }

    /// What the focus lane shows at an instant.
    struct FocusView: Equatable {
        var holders: [FocusOwner]
        var stack: [FocusOwner]
        var call: AndroidCallState?
    }

    /// The colours of a focus owner's segments: each app its own, the system's clients theirs.
    func colours(for owner: FocusOwner) -> (fill: String, ink: String) {
        let apps = [("#dce8f7", "#24466e"), ("#f6e3cf", "#6b3d0a"), ("#d7eedd", "#1f5a30"), ("#e6dcf3", "#4b2a7a")]
        switch owner {
        case .app(let id): return apps[(picture.apps.firstIndex(of: id) ?? 0) % apps.count]
        case .call: return ("#f3d9e4", "#7a2047")
        case .assistant: return ("#e3e3e3", "#333333")
        case .alarm: return ("#f7efc4", "#5c4a00")
        }
    }
}
