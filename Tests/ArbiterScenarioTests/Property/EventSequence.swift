import ArbiterEngine

/// A setup and a timeline of events: what the property checks replay, shrink and save.
struct EventSequence: Hashable, CustomStringConvertible {
    struct Step: Hashable {
        var time: Time
        var event: Event
    }

    var setup: Setup
    var steps: [Step]

    var description: String {
        let apps = setup.apps.map { "\($0.name) \($0.category)\($0.options.isEmpty ? "" : " \($0.options)")" }
        return "apps: " + apps.joined(separator: "; ") + "\n"
            + steps.enumerated().map { "  \($0.offset): at \($0.element.time) \($0.element.event)" }.joined(
                separator: "\n")
    }
}
