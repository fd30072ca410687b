/// Whether an app's sound actually reaches an output, and the rule that says so.
public struct Audibility: Hashable, Sendable {
    public var isAudible: Bool
    public var rule: Rule
}

extension Engine {
    /// Whether app `i` is heard, given whether another app records with an active session, on `route` (the one
    /// derived at the last settle unless given).
    func audibility(_ i: Int, othersRecord: Bool, route: Route? = nil) -> Audibility {
        // The route matters only while the switch is on silent (performance conventions: the cheap test first).
        let inEars =
            device.ringer == .silent && profile.silentSwitchSparesHeadphones && (route ?? derived.route).playsInEars
        return apps[i].audibility(
            ringer: device.ringer, isLocked: device.isLocked, othersRecord: othersRecord, inEars: inEars)
    }
}

extension App {
    /// Whether the app is heard with the switch at `ringer` and the screen locked or not, given whether another
    /// app records with an active session and whether the route plays in the listener's ears (where the switch
    /// spares it, `silentSwitchSparesHeadphones`). (Performance conventions: read-only accessors.)
    @_effects(releasenone)
    func audibility(ringer: RingerSwitch, isLocked: Bool, othersRecord: Bool, inEars: Bool = false) -> Audibility {
        let category = session.category
        if !session.isActive {
            return Audibility(isAudible: false, rule: isPlaying ? .inactiveIsSilent : .nothingPlaying)
        }
        if !isPlaying { return Audibility(isAudible: false, rule: .nothingPlaying) }
        if !isProducing { return Audibility(isAudible: false, rule: .waitingIsSilent) }
        if !category.traits.hasOutput { return Audibility(isAudible: false, rule: .categoryHasNoOutput) }
        if category.traits.silencedBySwitchAndLock {
            if ringer == .silent && !inEars { return Audibility(isAudible: false, rule: .silentSwitch) }
            if isLocked { return Audibility(isAudible: false, rule: .screenLock) }
        }
        if ringer == .silent && isLocked && !hasAudioBackgroundMode {
            return Audibility(isAudible: false, rule: .silentAndLockedNeedsAudioMode)
        }
        if othersRecord {
            return Audibility(isAudible: false, rule: .recordSilencesOutput)
        }
        let spared = ringer == .silent && category.traits.silencedBySwitchAndLock
        return Audibility(isAudible: true, rule: spared ? .silentSwitchSparesHeadphones : .playingIsAudible)
    }
}

extension Rule {
    static let nothingPlaying = Rule(
        id: "audible.nothing-playing",
        statement: "an app with no player playing makes no sound",
        source: "the app's players",
        evidence: .model)
    static let inactiveIsSilent = Rule(
        id: "audible.inactive-session",
        statement: "a session that is not active makes no sound",
        source: "ASPG HandlingAudioInterruptions",
        evidence: .documented)
    static let categoryHasNoOutput = Rule(
        id: "audible.category-has-no-output",
        statement: "record and audioProcessing have no output",
        source: "ASPG Table B-1; ASPG14 p.47",
        evidence: .documented)
    static let silentSwitch = Rule(
        id: "audible.silent-switch",
        statement: "the Ring/Silent switch on silent silences ambient and soloAmbient (their players keep playing); "
            + "other categories are not silenced",
        source: "ASPG Table B-1; DOC:…/category-swift.struct/ambient, …/soloambient",
        evidence: .documented)
    static let silentSwitchSparesHeadphones = Rule(
        id: "audible.silent-switch-spares-headphones",
        statement: "ambient and soloAmbient audio the Silent switch silences on the built-in outputs is heard in "
            + "wired or Bluetooth headphones; profile silentSwitchSparesHeadphones, default true",
        source: "§13.5: idofilus/flutter_audio#30; audiolabs/trackswitch.js#13 (observed on devices, two reports)",
        evidence: .observed)
    static let screenLock = Rule(
        id: "audible.screen-lock",
        statement: "locking the screen silences ambient and soloAmbient (their players keep playing); other "
            + "categories are not silenced",
        source: "ASPG Table B-1; QA1626",
        evidence: .documented)
    static let silentAndLockedNeedsAudioMode = Rule(
        id: "audible.silent-and-locked-needs-audio-mode",
        statement: "to keep playing with the Silent switch on silent and the screen locked, an app needs the audio "
            + "background mode as well as a category the switch does not silence",
        source: "ASPG14 p.48 (category table note)",
        evidence: .documented)
    static let recordSilencesOutput = Rule(
        id: "audible.record-silences-output",
        statement: "an active record session silences virtually all other output on the system",
        source: "DOC:avfaudio/avaudiosession/category-swift.struct/record",
        evidence: .documented)
    static let playingIsAudible = Rule(
        id: "audible.playing",
        statement: "a playing player in an active session with output is heard",
        source: "ASPG Table B-1",
        evidence: .documented)
}
