import ArbiterEngine
import ArbiterHarmony

/// Draws a HarmonyOS replay as SVG on an even time axis, as `AndroidTimelineSVG` draws an Android one: a lane of
/// steps with their names (steps at one instant share its place), a lane of the focus list, then a lane per app
/// (and per system owner, the call, alarm or assistant, once it sounds) with, for each stream, its state, its focus
/// entry and the volume the system applies, a mark for each interrupt event it was told, the app's AudioSession
/// when it activates one, and ✓/✗ for the checks; a box below the lanes shows the state after each of the steps at
/// one instant. Hovering over anything shows its details (an event's rule and source, a check's position). The
/// same report gives byte-identical output.
public enum HarmonyTimelineSVG {
    /// The picture of a replay made with `HarmonyReplayer.replay(_:recordStates: true)`; nil when the report has
    /// no states (it was replayed without them, or its setup failed).
    public static func render(_ report: HarmonyScenarioReport) -> String? {
        guard let picture = Picture(report: report) else { return nil }
        var canvas = Canvas(picture: picture)
        return canvas.document()
    }

    /// The picture being drawn: where time is, and how far down the lanes have come.
    struct Canvas: TimelineDrawing {
        let picture: Picture
        var svg = SVGWriter(depth: 1)
        /// The top of the next lane.
        var y = 0.0

        /// Where the axis ends.
        var end: Time { picture.end }
        let axis: TimelineAxis

        init(picture: Picture) {
            self.picture = picture
            axis = Self.axis(
                end: picture.end,
                times: picture.steps.map(\.time) + picture.checks.map(\.time) + picture.delivered.map(\.time))
        }

        /// The steps, the focus list, and a lane per app and system owner.
        mutating func lanes() {
            stepsLane()
            focusListLane()
            for lane in picture.lanes { appLane(lane) }
        }

        var instantTimes: [Time] { picture.instants.map(\.time) }

        /// The title, the summary and the axis's times.
        mutating func header() {
            let failures = picture.checks.filter { !$0.passed }.count + picture.failedSteps
            let passes = picture.checks.filter(\.passed).count
            header(
                title: picture.title,
                summary: "\(picture.device): \(picture.steps.filter { !$0.isOutside }.count) steps over "
                    + "\(picture.lastTime); \(passes) ✓, \(failures) ✗", failed: failures > 0)
        }
    }
}
