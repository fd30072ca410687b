import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire

/// A playback stream of another program, as the Android live session follows it: the app it is, whether its app
/// was told it plays, and what the session did to it.
struct AndroidLiveStream {
    var node: UInt32
    var app: AppID
    /// `media.role`, as the program set it (nil: none).
    var role: String?
    var usage: AndroidRoleUsage
    /// Its app was told `play`, and not `stop` since.
    var playing = false
    /// When its app was last told `play`.
    var playingSince: Time?
    /// When it was first seen not running while playing (the stop grace runs from then).
    var stoppedSince: Time?
    /// Paused by the session (`pause(node:)`): its state is the cork's, not the program's.
    var corked = false
    /// When the session started it again: it has `uncorkGrace` to run again before it counts as stopped.
    var uncorkedAt: Time?
    /// The softVolumes last set, and the channelVolumes they were set over; nil: never set.
    var applied: (level: Double, over: [Float])?
    /// The level a ramp under way was announced to go to.
    var announced: Double?
}
