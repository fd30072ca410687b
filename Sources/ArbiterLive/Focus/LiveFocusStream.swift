import ArbiterEngine
import ArbiterPipeWire

/// A playback stream of another program, as a focus platform's live session follows it: the app it is, whether its
/// app was told it plays, and what the session did to it.
struct LiveFocusStream {
    var node: UInt32
    var app: AppID
    /// The program's name (`ProgramIdentity.name`), which a stream opened within its app's hold must share.
    var program: String
    /// `media.role`, as the program set it (nil: none).
    var role: String?
    /// Its app was told `play`, and not `stop` since.
    var playing = false
    /// Its app was ever told `play`: until then a role set late re-classifies it.
    var hasPlayed = false
    /// When its app was last told `play`.
    var playingSince: Time?
    /// When it was first seen not running while playing (the stop grace runs from then).
    var stoppedSince: Time?
    /// How the session paused it (over MPRIS, or a cork), while it has: its state is the pause's, not its app's.
    var pausedBy: PauseWay?
    /// When the session paused it, to notice a program that ignores MPRIS Pause.
    var pausedAt: Time?
    /// Whether its pause over MPRIS was checked after the grace and left as it is: its player said it is paused
    /// while its stream ran on (it writes silence), or the cork it then needed failed.
    var pauseChecked = false
    /// Whether its stream stopped after MPRIS Pause (a pause obeyed).
    var obeyedPause = false
    /// Whether a corked stream left running since (the daemon idled it): when it runs again the cork is gone.
    var corkLapsed = false
    /// When the session started it again: it has `uncorkGrace` to run again before it counts as stopped.
    var uncorkedAt: Time?
    /// The softVolumes last set, and the channelVolumes they were set over; nil: never set.
    var applied: (level: Double, over: [Float])?
    /// The level a ramp under way was announced to go to.
    var announced: Double?

    var paused: Bool { pausedBy != nil }
    /// Its softVolumes carry a level other than 1.
    var lowered: Bool { applied.map { $0.level != 1 } ?? false }

    /// Whether it played only a breath before it stopped at `time` (`LiveBackend.breath`).
    func ranShort(until time: Time) -> Bool {
        playingSince.map { time - $0 < LiveBackend.breath } ?? false
    }
}

/// An app whose short stream went away: it plays on until `until`, unless a stream of the same program and role
/// carries it on.
struct HeldApp {
    var app: AppID
    var program: String
    var role: String?
    var until: Time
}
