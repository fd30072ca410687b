import ArbiterEngine

/// An AVAudioPlayer keeps playing after headphones (or another private output) went away: AVAudioPlayer does not
/// pause itself as AVPlayer does, so the app's audio moves to the speaker.
struct AudioPlayerPlaysOnAfterUnplug: LintCheck {
    /// Apps told this instant that their output device went away, with the step that told them.
    private var told: [(app: AppID, step: LintedStep)] = []

    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        for notification in step.outcome.notifications {
            guard case .routeChange(.oldDeviceUnavailable, let previous) = notification.kind,
                previous.outputs.contains(where: { $0.type.isPrivateOutput })
            else { continue }
            told.append((notification.app, step))
        }
    }

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        defer { told = [] }
        var reported: Set<AppID> = []
        let outputs = instant.engine.currentRoute.outputs
        for (id, step) in told where !reported.contains(id) && !outputs.contains(where: { $0.type.isPrivateOutput }) {
            guard let app = instant.engine.app(id),
                let player = app.players.first(where: { $0.kind == .audioPlayer && $0.state == .playing })
            else { continue }
            reported.insert(id)
            let reaction = app.config.runsOwnCode ? nil : app.config.reactions[.oldDeviceUnavailable]
            findings.append(
                LintFinding(
                    lint: .audioPlayerPlaysOnAfterUnplug, app: id, time: instant.time,
                    message: "player \(player.name) (AVAudioPlayer) plays on after the private output went away "
                        + "(routeChange oldDeviceUnavailable): what was in the user's ears now comes out of "
                        + outputs.map(\.type.description).joined(separator: ", "),
                    fix: app.config.runsOwnCode
                        ? "pause the player in the routeChangeNotification observer when the reason is "
                            + "oldDeviceUnavailable and the previous route's output was headphones or Bluetooth"
                        : "react with `oldDeviceUnavailable: pause`",
                    step: step.index,
                    declaration: app.config.runsOwnCode
                        ? nil
                        : (reaction == nil
                            ? ["reactions"]
                            : ["reactions", ReactionTrigger.oldDeviceUnavailable.description])))
        }
    }
}

extension Lint {
    static let audioPlayerPlaysOnAfterUnplug = Lint(
        id: "route.audio-player-not-paused",
        statement: "when headphones go away (oldDeviceUnavailable) the app should pause; AVPlayer does it by itself, "
            + "AVAudioPlayer does not, so its audio moves to the speaker unless the app pauses it",
        source: "§6.4 (DOC:avfaudio/responding-to-audio-route-changes; ASPG HandlingAudioHardwareRouteChanges; "
            + "SEED0; S0-4)",
        evidence: .documented,
        fix: "pause on routeChange with reason oldDeviceUnavailable when the previous output was private")
}
