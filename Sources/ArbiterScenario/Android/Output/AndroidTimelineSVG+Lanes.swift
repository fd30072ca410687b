import ArbiterAndroid
import ArbiterEngine

/// The lanes above the apps': the steps, and who holds focus.
extension AndroidTimelineSVG.Canvas {
    /// The steps, each at its time, then the checks that are not about one app.
    mutating func stepsLane() {
        stepsLane(
            picture.steps.map { TimelineStep(time: $0.time, label: $0.label, detail: $0.detail, failed: $0.failed) },
            instants: picture.instants.map { ($0.time, $0.steps.map(\.label)) })
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
            segment(
                from: part.from, to: part.to, top: top, height: 18, fill: colour.fill, ink: colour.ink,
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
