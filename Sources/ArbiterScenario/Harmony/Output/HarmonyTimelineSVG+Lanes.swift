import ArbiterEngine
import ArbiterHarmony

/// The lanes above the apps': the steps, and the focus list.
extension HarmonyTimelineSVG.Canvas {
    /// The steps, each at its time, then the checks that are not about one app (`focus`, `focusList`, `events`).
    mutating func stepsLane() {
        stepsLane(
            picture.steps.map {
                TimelineStep(
                    time: $0.time, label: $0.label, detail: $0.detail, failed: $0.failed, isOutside: $0.isOutside)
            },
            instants: picture.instants.map { ($0.time, $0.steps.map(\.label)) })
        checkRow(picture.checks.filter { $0.app == nil })
        y += 4
    }

    /// The focus list: a segment for each stretch over which it holds the same entries, naming them in list order
    /// with their states.
    mutating func focusListLane() {
        separator(at: y)
        let top = y + 4
        laneName("focus list", y: top + 14)
        for part in picture.parts(\.focusList) where !part.value.isEmpty {
            let entries = part.value.map(\.description).joined(separator: ", ")
            segment(
                from: part.from, to: part.to, top: top, height: 18, fill: "#e8edf3", ink: "#24466e",
                label: entries, size: 11, title: "\(part.from)–\(part.to)  focus list: \(entries)")
        }
        y = top + 24
    }
}
