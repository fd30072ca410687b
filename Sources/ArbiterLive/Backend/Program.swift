import ArbiterEngine
import ArbiterPipeWire

/// A stream of another program, as the live backend follows it.
struct Program {
    var node: ProgramNode
    let identity: ProgramIdentity
    /// The app it is (nil for system audio).
    let app: AppID?
    /// Whether the engine was told it plays (or records).
    var toldPlaying = false
    /// Whether its stream has run: until then its properties are read again (a role set late re-classifies it).
    var hasRun = false
    /// Since when its stream has not been running, while the engine still thinks it plays (`stopGrace`).
    var stoppedSince: Time?
    /// Since when its app was told it plays, this time.
    var runningSince: Time?
    /// How Arbiter paused it, while it has.
    var pausedBy: PauseWay?
    /// When Arbiter paused it, to notice a program that ignores Pause.
    var pausedAt: Time?
    /// Whether its stream left running after Arbiter paused it (a pause it obeyed).
    var obeyedPause = false
    /// Whether its pause over MPRIS was checked after the grace and left as it is: its player said it is paused
    /// while its stream ran on (a browser writes silence), or the cork it then needed failed. It is not checked
    /// again, and its stream running is not the user playing it anew.
    var pauseChecked = false
    /// The app's gain, and whether it runs unheard, at the last `carryOut`.
    var gain = GainEnvelope()
    var silenced = false
    /// The factor its softVolumes carry now over its own channelVolumes (1: untouched).
    var applied: Float = 1
    /// The channelVolumes that factor was applied over.
    var appliedOver: [Float] = []
    /// Whether a corked stream left running since (the daemon idled it): when it runs again the cork is gone.
    var corkLapsed = false

    var isRunning: Bool { node.state == .running }

    /// Whether its stream ran only a breath before it stopped at `time` (`LiveBackend.breath`).
    func ranShort(until time: Time) -> Bool {
        runningSince.map { time - $0 < LiveBackend.breath } ?? false
    }

    /// `Lollypop (node 42)`.
    var label: String { "\(app?.name ?? identity.system?.rawValue ?? "program") (node \(node.id))" }
}
