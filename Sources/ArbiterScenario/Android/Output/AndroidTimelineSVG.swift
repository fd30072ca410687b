import ArbiterAndroid
import ArbiterEngine

/// Draws an Android replay as SVG on an even time axis, as `TimelineSVG` draws an iOS one: a lane of steps with
/// their names (steps at one instant share its place), a lane of who holds focus, then one lane per app with its
/// focus status as a coloured band, a bar while a player is started, its volume as a line (ducks and fades drawn as
/// slopes), muted and faded spans, a mark for each focus change delivered, and ✓/✗ for the checks; a box below the
/// lanes shows the state after each of the steps at one instant. No text overlaps another; hovering over anything
/// shows its details (a focus change's rule, a check's position). The same report gives byte-identical output.
public enum AndroidTimelineSVG {
    /// The picture of a replay made with `AndroidReplayer.replay(_:recordStates: true)`; nil when the report has
    /// no states (it was replayed without them, or its setup failed).
    public static func render(_ report: AndroidScenarioReport) -> String? {
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

        /// The steps, who holds focus, and a lane per app.
        mutating func lanes() {
            stepsLane()
            focusLane()
            for app in picture.apps { appLane(app) }
        }

        var instantTimes: [Time] { picture.instants.map(\.time) }

        /// The title, the summary and the axis's times.
        mutating func header() {
            let failures = picture.checks.filter { !$0.passed }.count + picture.failedSteps
            let passes = picture.checks.filter(\.passed).count
            header(
                title: picture.title,
                summary: "\(picture.device): \(picture.steps.count) steps over "
                    + "\(picture.lastTime); \(passes) ✓, \(failures) ✗", failed: failures > 0)
        }
    }
}
