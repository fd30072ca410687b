import ArbiterEngine
import ArbiterHarmony

/// Steps at one instant take no room on an even axis: each such instant gets a box below the lanes, linked to its
/// place on the axis, with a column for the state before it and after each of its steps.
extension HarmonyTimelineSVG.Canvas {
    /// The streams a box has a row for, in lane order.
    var boxStreams: [StreamOwner] {
        picture.lanes.flatMap { lane in lane.streams.map { StreamOwner(lane.app, $0) } }
    }

    /// The boxes of the instants with several steps, each with a row for the focus list and one per stream.
    mutating func instantBoxes(below lanesBottom: Double) {
        let instants = picture.instants
        let rows = boxStreams.count + 1
        instantBoxes(instants.map { ($0.time, $0.steps.count, rows) }, below: lanesBottom) { canvas, index, box in
            canvas.draw(instants[index], in: box)
        }
    }

    mutating func draw(_ instant: HarmonyTimelineSVG.Picture.Instant, in box: InstantBoxFrame) {
        var rowTop = boxFrame(box, steps: instant.steps.count)
        let engines = [instant.before] + instant.steps.map(\.after)
        for row in [nil] + boxStreams.map(Optional.some) {
            boxRowName(row?.description ?? "focus list", box, top: rowTop)
            for (column, engine) in engines.enumerated() {
                let notifications = column == 0 ? [] : instant.steps[column - 1].notifications
                let (left, when) = (boxColumn(box, column), boxWhen(box, column))
                if let owner = row {
                    cell(
                        owner, engine: engine,
                        events: notifications.compactMap { notification in
                            if case .interrupt(let to, let event, let rule) = notification, to == owner {
                                return (event, rule)
                            }
                            return nil
                        }, at: left, top: rowTop, width: box.column, when: when)
                } else {
                    focusListCell(engine.focusList, at: left, top: rowTop, width: box.column, when: when)
                }
            }
            rowTop += 16
        }
        boxSteps(
            instant.steps.map {
                TimelineStep(
                    time: $0.time, label: $0.label, detail: $0.detail, failed: $0.failed, isOutside: $0.isOutside)
            },
            box, top: rowTop)
    }

    /// The focus list in one column: a chip per entry in list order, coloured by its state and named by its app.
    mutating func focusListCell(_ entries: [FocusEntry], at left: Double, top: Double, width: Double, when: String) {
        svg.begin(
            title: "focus list \(when): "
                + (entries.isEmpty ? "empty" : entries.map(\.description).joined(separator: ", ")))
        if entries.isEmpty {
            svg.text("empty", x: left + 3, y: top + 10, ["class": "label", "font-size": "9", "fill": "#999999"])
        }
        let chip = (width - 6) / Double(max(1, entries.count))
        for (index, entry) in entries.enumerated() {
            let chipLeft = left + 3 + chip * Double(index)
            let colour = Self.colours(for: entry.state)
            svg.element(
                "rect",
                ["x": n(chipLeft), "y": n(top), "width": n(max(1, chip - 1)), "height": "12", "fill": colour.fill])
            if let name = TimelineText.fitted(entry.owner.app.name, width: chip - 4, size: 8) {
                svg.text(
                    name, x: chipLeft + 2, y: top + 9, ["class": "label", "font-size": "8", "fill": colour.ink])
            }
        }
        svg.end()
    }

    /// A stream's state in one column: its focus entry's colour, a bar while it runs, and the first two interrupt
    /// events its step delivered.
    mutating func cell(
        _ owner: StreamOwner, engine: HarmonyEngine, events: [(InterruptEvent, Rule)], at left: Double,
        top: Double, width: Double, when: String
    ) {
        guard let status = engine.stream(owner) else { return }
        let glyphRoom = width >= 44 ? 22.0 : 0
        var title =
            "\(owner) \(when): \(status.state), focus \(status.focus.map { "\($0)" } ?? "none"), "
            + "volume \(Profile.text(status.volume))"
        title += events.map { "; ← \($0.0) [\($0.1.id)]" }.joined()
        boxCell(
            at: left, top: top, width: width, fill: status.focus.map { Self.colours(for: $0).fill } ?? "#f4f4f4",
            playing: status.state == .running,
            marks: events.map { event, _ in
                let (glyph, colour) = Self.mark(for: event.hint)
                return (glyph, colour, event.force == .share)
            }, glyphRoom: glyphRoom, spacing: 10, title: title)
    }
}
