/// A rule of the live mode itself: how the graph becomes engine events, and how the engine's decisions reach the
/// programs. Printed beside what it did, as the engine's rules are.
public struct LiveRule: Sendable, Hashable {
    public var id: String
    public var statement: String

    /// Every rule of the live mode, in the order docs/linux.md lists them: iOS's session over programs, then
    /// Android's and HarmonyOS's focus.
    public static let all: [LiveRule] = [
        streamRuns, streamStops, systemAudio, accessory, softVolume, pauseOverMPRIS,
        cork, resumeOwn, focusVolume, focusUncork,
    ]

    /// Where the live mode's rules are written down: they are Arbiter's own, not a platform's.
    public static let source = "docs/linux.md"

    public static let streamRuns = LiveRule(
        id: "live.stream-runs",
        statement: "a stream that starts running is its app playing (a capture stream, recording); a program that "
            + "is not mixable, is ambient or records comes to the foreground first, as the app the user is using")
    public static let streamStops = LiveRule(
        id: "live.stream-stops",
        statement: "a stream that stops running, or goes away, is its app pausing (stopping); with endNotifiesOthers "
            + "(the default) its session is then deactivated with notifyOthers, so those it interrupted may resume")
    public static let systemAudio = LiveRule(
        id: "live.system-audio",
        statement: "a call, assistant or alarm stream running is the system's call answered, Siri or an alarm; "
            + "the last such stream stopping ends it")
    public static let accessory = LiveRule(
        id: "live.accessory",
        statement: "a sink or source of headphones, a headset, Bluetooth, USB, HDMI or a car appearing is that "
            + "accessory connected; its last node going away is it disconnected")
    public static let pauseOverMPRIS = LiveRule(
        id: "live.pause-mpris",
        statement: "a program the policy stops is told to pause over MPRIS when its process (or an ancestor) owns a "
            + "player on the session bus")
    public static let cork = LiveRule(
        id: "live.cork",
        statement: "a program the policy stops that has no player, or ignores Pause, or with pause: cork, is corked: "
            + "its stream's node is paused and the program is not told (Android's focus corks every program whose "
            + "player the engine paused, its app's own reaction to a loss; HarmonyOS's every program whose stream "
            + "the system paused or stopped)")
    public static let resumeOwn = LiveRule(
        id: "live.resume-own",
        statement: "only a program Arbiter paused is resumed, and only when the policy plays it again")
    public static let softVolume = LiveRule(
        id: "live.soft-volume",
        statement: "a gain is a ramp of the stream's softVolumes, the program's own channelVolumes times the gain: "
            + "the program's volume (which WirePlumber saves) is never written")

    // Android's and HarmonyOS's focus over programs (`attach --platform android|androidAutomotive|harmonyos`).

    public static let focusVolume = LiveRule(
        id: "live.duck",
        statement: "with Android's or HarmonyOS's focus (attach --platform android|androidAutomotive|harmonyos), "
            + "each stream's softVolumes become its app's volume in the engine (a duck, a fade and a mute, as one "
            + "level; HarmonyOS's duck factor, at once) times the program's own channelVolumes; a ramp is stepped "
            + "every 25 ms")
    public static let focusUncork = LiveRule(
        id: "live.uncork",
        statement: "with Android's or HarmonyOS's focus, a corked stream the engine plays again (an Android app's "
            + "reaction to gain, a HarmonyOS handler's start on RESUME) is started again")
}
