/// The tunables: behaviours Apple leaves undocumented or that sources disagree on.
///
/// Each has a documented default (see docs/profile.md); a scenario can pin any of them.
public struct Profile: Hashable, Sendable {
    /// Linear gain of a ducked session (0...1). Default 0.2.
    public var duckLevel: Double = 0.2
    /// How long a duck or unduck takes, as a linear ramp. Default 0 (instant).
    public var duckRamp: Time = .zero
    /// Whether an interrupted app gets `interruptionEnded` without shouldResume when its interrupter
    /// deactivates without `notifyOthersOnDeactivation`. Default false: no event at all.
    public var endedWithoutNotify: Bool = false
    /// Whether calls, Siri and alarms also interrupt mixable sessions. Default true.
    public var mixableInterruptedBySystem: Bool = true
    /// Whether `defaultToSpeaker` keeps the speaker even with headphones connected. Default false.
    public var defaultToSpeakerOverridesHeadphones: Bool = false
    /// Whether the interruption that ends with an answered call carries shouldResume. Default true.
    public var callEndedShouldResume: Bool = true
    /// Whether the interruption that ends with Siri carries shouldResume. Default true.
    public var siriEndedShouldResume: Bool = true
    /// Whether the interruption that ends with a dismissed alarm carries shouldResume. Default true.
    public var alarmEndedShouldResume: Bool = true

    /// Whether ambient may set duckOthers. The iOS 17 header says yes, the current API page lists
    /// only playback, playAndRecord and multiRoute. Default true (the header).
    public var ambientCanDuckOthers: Bool = true

    /// Whether the built-in Music app resumes when its interruption ends with shouldResume (it is a media app
    /// that follows the hint; Apple does not document the Music app's own code). Default true.
    public var musicAppResumesAfterInterruption: Bool = true

    /// Whether unmuting the built-in microphone ends the interruption it caused (interruptionEnded with
    /// shouldResume). The reference is silent; default false: nothing is said, like a route disconnect.
    public var micUnmuteEndsInterruption: Bool = false

    /// Whether a ringing call already refuses `setCategory` with insufficientPriority, as an answered one does. The
    /// reference ties '!pri' to a call that controls the audio and is silent on a ringing one; default false: a
    /// ringing call interrupts the sessions, as an alarm does, and takes the audio only once answered.
    public var ringingCallRefusesCategoryChange: Bool = false

    /// Whether an app whose session is interrupted hears a route change the device made (an accessory connected or
    /// lost): observed on a device for a Bluetooth device lost during a call (reference §13.3); Apple's documentation
    /// does not limit route changes to active sessions. Default true; false: active sessions only.
    public var routeChangeReachesInterrupted: Bool = true

    /// Whether ambient and soloAmbient audio the Silent switch silences on the built-in outputs is heard in wired or
    /// Bluetooth headphones: observed on devices (reference §13.5, two reports). Default true; false: the switch
    /// silences them wherever the route goes, as Apple's category table reads.
    public var silentSwitchSparesHeadphones: Bool = true

    /// Whether an interruption whose app interrupter deactivated without `notifyOthersOnDeactivation` (or never
    /// deactivated) ends late, without shouldResume, once that app is suspended or terminated; delivered when the
    /// interrupted app next runs. Observed on iOS 10 and later, "about half the time" on recent releases, never on
    /// iOS 9 (reference §13.1). Default true; false: nothing ever arrives (the interruption is orphaned).
    public var lateEndWhenInterrupterLeaves: Bool = true

    /// Whether an app in the background that was just told its interruption ended with shouldResume may activate a
    /// non-mixable session though it is not Now Playing. No source supports or refutes it: field reports show '!int'
    /// (cannotInterruptOthers) for such reactivations and do not say whether the interrupter notified others
    /// (reference §13.10). Default true (the model's reading of notifyOthersOnDeactivation's "may resume"); false:
    /// only Now Playing may, as for any other background activation.
    public var backgroundResumeAfterShouldResume: Bool = true

    /// Whether an app that activates and plays while Siri's panel is still up (handling a play-media intent, say) is
    /// interrupted again at once, the interruption ending when Siri does. Observed once (reference §13.8: openradar
    /// rdar 44895456, iOS 12). Default true; false: it plays over Siri.
    public var siriInterruptsPlayingDuringPanel: Bool = true

    /// How long an app may idle in the background with an active session (playing and recording nothing) before
    /// iOS suspends it, deactivating its session. Observed at about 30 s (reference §13.4: several reports, iOS 14 and
    /// later); nil: never, an active session alone keeps the app running, as Apple's background-mode text reads.
    public var idleBackgroundSuspension: Time? = .seconds(30)

    /// Whether iOS deactivates the session of an app it suspends. Documented from iOS 10 ("Starting in iOS 10, the
    /// system will deactivate the audio session of most apps in response to the app process being suspended", H18);
    /// before that the session stayed active while the app was suspended, so what it interrupted or ducked stayed so.
    /// Default true; false for `ios: 9` (`Profile(ios:)`).
    public var suspensionDeactivatesSession: Bool = true

    /// The defaults of the latest releases the model describes (iOS 14 and later).
    public init() {}

    /// The defaults for iOS release `ios`: where releases differed (reference §13.13), each difference is a choice
    /// here that a scenario can still pin. iOS 9 neither deactivated a suspended app's session nor ended the
    /// interruptions it had started (§13.1: the late end was never seen on 9).
    public init(ios: Int) {
        self.init()
        if ios < 10 {
            suspensionDeactivatesSession = false
            lateEndWhenInterrupterLeaves = false
        }
    }

    /// The yes-or-no tunables, by the names scenario files and reports give them, in a fixed order.
    public static let switches: [(name: String, value: WritableKeyPath<Profile, Bool> & Sendable)] = [
        ("endedWithoutNotify", \.endedWithoutNotify),
        ("mixableInterruptedBySystem", \.mixableInterruptedBySystem),
        ("defaultToSpeakerOverridesHeadphones", \.defaultToSpeakerOverridesHeadphones),
        ("callEndedShouldResume", \.callEndedShouldResume),
        ("siriEndedShouldResume", \.siriEndedShouldResume),
        ("alarmEndedShouldResume", \.alarmEndedShouldResume),
        ("ambientCanDuckOthers", \.ambientCanDuckOthers),
        ("musicAppResumesAfterInterruption", \.musicAppResumesAfterInterruption),
        ("micUnmuteEndsInterruption", \.micUnmuteEndsInterruption),
        ("ringingCallRefusesCategoryChange", \.ringingCallRefusesCategoryChange),
        ("routeChangeReachesInterrupted", \.routeChangeReachesInterrupted),
        ("silentSwitchSparesHeadphones", \.silentSwitchSparesHeadphones),
        ("lateEndWhenInterrupterLeaves", \.lateEndWhenInterrupterLeaves),
        ("backgroundResumeAfterShouldResume", \.backgroundResumeAfterShouldResume),
        ("siriInterruptsPlayingDuringPanel", \.siriInterruptsPlayingDuringPanel),
        ("suspensionDeactivatesSession", \.suspensionDeactivatesSession),
    ]

    /// Every tunable with its current value as text, in a fixed order.
    public var tunables: [(name: String, value: String)] {
        [
            ("duckLevel", Profile.text(duckLevel)), ("duckRamp", duckRamp.description),
            ("idleBackgroundSuspension", idleBackgroundSuspension?.description ?? "never"),
        ]
            + Profile.switches.map { ($0.name, String(self[keyPath: $0.value])) }
    }

    /// Problems with the values, one line each; empty when the profile is usable.
    public var problems: [String] {
        var problems: [String] = []
        if !(duckLevel >= 0 && duckLevel <= 1) {
            problems.append("duckLevel is \(duckLevel); expected a linear gain from 0 to 1")
        }
        if duckRamp < .zero {
            problems.append("duckRamp is \(duckRamp); expected a duration of 0 or more")
        }
        if let idle = idleBackgroundSuspension, idle < .zero {
            problems.append("idleBackgroundSuspension is \(idle); expected a duration of 0 or more, or never")
        }
        return problems
    }

    /// A number as scenario files and reports write it: `0.2`, `1`, `12.5`.
    public static func text(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        if scaled.magnitude < 1e15, scaled == scaled.rounded() { return String(Int(scaled)) }
        return String(scaled)
    }
}
