import ArbiterEngine

/// The tunables where AOSP releases differ or OEM builds vary (docs/android.md, Profile).
public struct AndroidProfile: Hashable, Sendable {
    /// The automatic duck's linear gain (PlaybackActivityMonitor's duck VolumeShaper).
    public var duckLevel: Double = 0.2
    /// Whether an `assistant` or `assistanceNavigationGuidance` requester ducks to `strongDuckLevel`.
    public var strongDuck: Bool
    /// The strong duck's linear gain (−35 dB, STRONG_DUCK_VSHAPE).
    public var strongDuckLevel: Double = 0.017783
    /// How long the automatic duck ramps.
    public var duckRamp: Time = .ms(500)
    /// How long a media or game app fades out after a permanent loss (Android 12+).
    public var fadeOut: Time = .ms(2000)
    /// How long after the loss a faded app still playing is faded back in.
    public var fadeInOffendersAfter: Time = .ms(2000)
    /// How long after a ring or call starts media and game players are muted.
    public var muteInCallAfter: Time = .ms(100)
    /// Whether a delayed request inserted below a locked owner sends the loss to the entries below it.
    public var delayedRequestPropagatesLoss: Bool = true
    /// The car: navigation is refused during a call.
    public var rejectNavigationDuringCall: Bool = false
    /// The car: a GAIN request with DELAY_OK that the matrix rejects is DELAYED (Android 11+); without it, it fails.
    public var carDelayedFocus: Bool
    /// The car: a delayed request that is refused when it is evaluated again (a blocker left) is told LOSS and
    /// dropped (Android 14+); without it, it keeps waiting, untold.
    public var carDelayedLosesWhenRefused: Bool

    /// The defaults for an Android release (API level `sdk`).
    public init(sdk: Int) {
        strongDuck = sdk >= 34
        carDelayedFocus = sdk >= 30
        carDelayedLosesWhenRefused = sdk >= 34
    }
}

/// Everything an Android engine starts from.
public struct AndroidSetup: Hashable, Sendable {
    /// The phone's stack or the car's matrix.
    public var platform: FocusPlatform
    /// The device's API level (Android 14 is 34).
    public var sdk: Int
    /// The tunables; by default the release's (`AndroidProfile(sdk:)`).
    public var profile: AndroidProfile
    /// The ringer mode at the start.
    public var ringerMode: RingerMode
    /// The apps, in the order declared.
    public var apps: [AndroidApp]

    /// A setup; without a profile, the defaults of API level `sdk`.
    public init(
        platform: FocusPlatform = .phone, sdk: Int = 34, profile: AndroidProfile? = nil,
        ringerMode: RingerMode = .normal, apps: [AndroidApp] = []
    ) {
        self.platform = platform
        self.sdk = sdk
        self.profile = profile ?? AndroidProfile(sdk: sdk)
        self.ringerMode = ringerMode
        self.apps = apps
    }
}
