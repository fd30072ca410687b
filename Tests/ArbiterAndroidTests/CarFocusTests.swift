import ArbiterAndroid
import ArbiterEngine
import Testing

/// A usage of each context, in `CarAudioContext.real`'s order.
let contextUsages: [Usage] = [
    .media, .assistanceNavigationGuidance, .assistant, .notificationRingtone,
    .voiceCommunication, .alarm, .notification, .assistanceSonification, .emergency, .safety,
    .vehicleStatus, .announcement,
]

/// The reference's interaction table (§10.6), row the holder, column the request, as printed there.
let referenceTable = """
    MUSIC          E C E E E E C C E C C E
    NAVIGATION     C C E C E C C C E C C C
    VOICE_COMMAND  C R C E E R R R E C C R
    CALL_RING      R C C C C R R C E C C R
    CALL           R C R C C C C R C C C R
    ALARM          C C E E E C C C E C C R
    NOTIFICATION   C C E E E C C C E C C C
    SYSTEM_SOUND   C C E E E C C C E C C C
    EMERGENCY      R R R R C R R R C C R R
    SAFETY         C C C C C C C C C C C C
    VEHICLE_STATUS C C C C C C C C E C C C
    ANNOUNCEMENT   E C E E E E C C E C C E
    """

func expectedInteraction(_ row: Int, _ column: Int) -> FocusInteraction {
    let cells = referenceTable.split(separator: "\n")[row].split(separator: " ").dropFirst()
    switch Array(cells)[column] {
    case "E": return .exclusive
    case "C": return .concurrent
    default: return .reject
    }
}

func carApp(
    _ name: AppID, uid: Int, usage: Usage, gain: FocusGain = .gain, delayOK: Bool = false,
    willPause: Bool = false, duckEvents: Bool = false
) -> AndroidApp {
    AndroidApp(
        name: name, uid: uid, targetSdk: 34, attributes: AudioAttributes(usage: usage), focusGain: gain,
        willPauseWhenDucked: willPause, acceptsDelayedFocusGain: delayOK, receivesDuckEvents: duckEvents)
}

@Suite("The car's contexts and interaction matrix (CarAudioContext, FocusInteraction, §10.6)")
struct CarInteractionTests {
    @Test("usages map to the reference's contexts")
    func contexts() {
        #expect(
            CarAudioContext(.unknown) == .music && CarAudioContext(.game) == .music && CarAudioContext(.media) == .music
        )
        #expect(
            CarAudioContext(.assistanceAccessibility) == .voiceCommand && CarAudioContext(.assistant) == .voiceCommand)
        #expect(CarAudioContext(.callAssistant) == .call && CarAudioContext(.voiceCommunicationSignalling) == .call)
        #expect(CarAudioContext(.notificationEvent) == .notification)
        #expect(contextUsages.map(CarAudioContext.init) == CarAudioContext.real)
    }

    @Test("the matrix is the reference's table, cell by cell")
    func matrixTable() {
        for (row, holder) in CarAudioContext.real.enumerated() {
            for (column, request) in CarAudioContext.real.enumerated() {
                #expect(
                    FocusInteraction.of(holder: holder, request: request) == expectedInteraction(row, column),
                    "\(holder) × \(request)")
            }
        }
        #expect(FocusInteraction.of(holder: .invalid, request: .emergency) == .exclusive)
        #expect(FocusInteraction.of(holder: .invalid, request: .music) == .reject)
        #expect(FocusInteraction.of(holder: .music, request: .invalid) == .reject)
    }

    @Test(
        "every cell of the matrix, through the engine: a MAY_DUCK request is refused (R), takes focus from the holder (E) or shares it (C)"
    )
    func matrixThroughEngine() throws {
        for (row, holderUsage) in contextUsages.enumerated() {
            for (column, requestUsage) in contextUsages.enumerated() {
                var car = try Device(
                    [
                        carApp("Holder", uid: 10001, usage: holderUsage),
                        carApp("Request", uid: 10002, usage: requestUsage, gain: .gainTransientMayDuck),
                    ],
                    platform: .car)
                car.request("Holder")
                let result = car.request("Request").result
                let cell = "\(holderUsage) × \(requestUsage)"
                switch expectedInteraction(row, column) {
                case .reject:
                    #expect(result == .failed, "\(cell)")
                    #expect(car.engine.holders == [.app("Holder")], "\(cell)")
                case .exclusive:
                    #expect(result == .granted, "\(cell)")
                    #expect(car.engine.holders == [.app("Request")], "\(cell)")
                    #expect(car.focus("Holder") == .lossTransient, "\(cell)")
                case .concurrent:
                    #expect(result == .granted, "\(cell)")
                    #expect(car.engine.holders == [.app("Request"), .app("Holder")], "\(cell)")
                    #expect(car.focus("Holder") == .gain, "\(cell)")
                }
            }
        }
    }

    @Test("CALL × NAVIGATION is refused when the user rejects navigation during a call")
    func navigationDuringCall() throws {
        var profile = AndroidProfile(sdk: 34)
        profile.rejectNavigationDuringCall = true
        var car = try Device(
            [
                carApp(
                    "Nav", uid: 10001, usage: .assistanceNavigationGuidance,
                    gain: .gainTransientMayDuck)
            ], platform: .car, profile: profile)
        car.system(.incomingCall)
        car.system(.answerCall)
        let outcome = car.request("Nav")
        #expect(outcome.result == .failed)
        #expect(outcome.decisions.first?.rule.id == "car.navigation-rejected-during-call")
        var lenient = try Device(
            [
                carApp(
                    "Nav", uid: 10001, usage: .assistanceNavigationGuidance,
                    gain: .gainTransientMayDuck)
            ], platform: .car)
        lenient.system(.incomingCall)
        lenient.system(.answerCall)
        #expect(lenient.request("Nav").result == .granted)
    }
}

@Suite("The car's focus (CarAudioFocus, §10.6)")
struct CarFocusTests {
    @Test(
        "CONCURRENT: a holder loses to a request that does not allow ducking, or when it pauses when ducked, or receives duck events"
    )
    func concurrentLoses() throws {
        var transient = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransient),
            ],
            platform: .car)
        transient.request("Music")
        transient.request("Nav")
        #expect(transient.events() == ["Music: lossTransient"])
        var pauses = try Device(
            [
                carApp("Music", uid: 10001, usage: .media, willPause: true),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        pauses.request("Music")
        pauses.request("Nav")
        #expect(pauses.events() == ["Music: lossTransient"])
        var duckEvents = try Device(
            [
                carApp("Music", uid: 10001, usage: .media, duckEvents: true),
                carApp(
                    "Nav", uid: 10002, usage: .assistanceNavigationGuidance,
                    gain: .gainTransientMayDuck),
            ], platform: .car)
        duckEvents.request("Music")
        duckEvents.request("Nav")
        #expect(duckEvents.events() == ["Music: lossTransientCanDuck"])
        #expect(duckEvents.focus("Music") == .lossTransientCanDuck)
    }

    @Test(
        "a GAIN request gives LOSS and the loser leaves; a transient one leaves it waiting until its blockers abandon")
    func lossTypes() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media), carApp("Radio", uid: 10002, usage: .media),
                carApp("Voice", uid: 10003, usage: .assistant, gain: .gainTransient),
                carApp("Alarm", uid: 10004, usage: .alarm, gain: .gainTransient),
            ], platform: .car)
        car.request("Music")
        car.request("Radio")
        #expect(car.events() == ["Music: loss"])
        #expect(car.engine.stack == [.app("Radio")])
        car.request("Voice")
        #expect(car.events() == ["Radio: lossTransient"])
        #expect(car.engine.stack == [.app("Voice"), .app("Radio")])
        car.request("Alarm")  // VOICE_COMMAND × ALARM is REJECT
        #expect(car.state("Alarm").lastRequest == .failed)
        car.app("Voice", .abandonFocus)
        #expect(car.events() == ["Radio: gain"])
        #expect(car.engine.holders == [.app("Radio")])
    }

    @Test("a loser blocked by two requests regains focus only when both have abandoned")
    func twoBlockers() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Voice", uid: 10002, usage: .assistant, gain: .gainTransient),
                carApp("Call", uid: 10003, usage: .voiceCommunication, gain: .gainTransient),
            ], platform: .car)
        car.request("Music")
        car.request("Voice")
        car.request("Call")  // VOICE_COMMAND × CALL: E; MUSIC (waiting) × CALL: E, blocked again
        #expect(car.engine.holders == [.app("Call")])
        car.app("Voice", .abandonFocus)
        #expect(car.focus("Music") == .lossTransient)
        car.app("Call", .abandonFocus)
        #expect(car.focus("Music") == .gain)
        #expect(car.events() == ["Music: lossTransient", "Voice: lossTransient", "Music: gain"])
    }

    @Test(
        "REJECT with a delayable GAIN: DELAYED, granted with GAIN when the holder abandons; a newer one displaces it with LOSS"
    )
    func delayed() throws {
        var car = try Device(
            [
                carApp("Alarm", uid: 10002, usage: .alarm, delayOK: true),
                carApp("Music", uid: 10003, usage: .media, delayOK: true),
            ], platform: .car)
        car.system(.incomingCall)
        #expect(car.engine.holders == [.call])
        #expect(car.request("Music").result == .delayed)  // CALL_RING × MUSIC: R
        #expect(car.focus("Music") == .delayed)
        #expect(car.request("Alarm").result == .delayed)  // CALL_RING × ALARM: R
        #expect(car.focus("Music") == .loss)
        car.system(.declineCall)
        #expect(car.focus("Alarm") == .gain)
        #expect(car.engine.holders == [.app("Alarm")])
        #expect(car.events() == ["Music: loss", "Alarm: gain"])
    }

    @Test("Android 11 to 13: a waiting loser that would refuse the delayed request keeps it waiting")
    func delayedStillRefused() throws {
        var car = try Device(
            [
                carApp("Voice", uid: 10001, usage: .assistant, gain: .gainTransient),
                carApp("Alarm", uid: 10002, usage: .alarm, delayOK: true),
            ], platform: .car, sdk: 33)
        car.request("Voice")
        car.system(.incomingCall)  // VOICE_COMMAND × CALL_RING: E, Voice waits
        #expect(car.request("Alarm").result == .delayed)
        car.system(.declineCall)  // VOICE_COMMAND (waiting) × ALARM: R
        #expect(car.focus("Alarm") == .delayed)
        #expect(car.focus("Voice") == .gain)
    }

    @Test("a notification is refused while a GAIN_TRANSIENT_EXCLUSIVE request holds or waits")
    func notificationDuringExclusive() throws {
        var car = try Device(
            [
                carApp("Memo", uid: 10001, usage: .media, gain: .gainTransientExclusive),
                carApp("Chat", uid: 10002, usage: .notification, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.request("Memo")
        let outcome = car.request("Chat")
        #expect(outcome.result == .failed)
        #expect(outcome.decisions.first?.rule.id == "car.notification-during-exclusive")
    }

    @Test("the same listener for another context is refused; for the same context it replaces its request silently")
    func sameListener() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.request("Music")
        car.request("Nav")
        let other = car.step(.app("Nav", .requestFocus(FocusRequestChange(usage: .assistant))))
        #expect(other.result == .failed)
        #expect(other.decisions.first?.rule.id == "car.same-listener-other-usage")
        let same = car.request("Nav")
        #expect(same.result == .granted)
        #expect(car.engine.holders == [.app("Nav"), .app("Music")])
        let game = car.step(.app("Music", .requestFocus(FocusRequestChange(usage: .game))))
        #expect(game.result == .granted, "GAME is MUSIC's context too")
        #expect(game.decisions.first?.rule.id == "car.same-usage-replaces")
        #expect(car.events() == ["Nav: loss"], "a GAIN request does not allow ducking: the concurrent Nav loses")
    }

    @Test("a replaced request no longer blocks the losers it blocked, unless the new one does")
    func replacedRequestUnblocks() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransient),
            ],
            platform: .car)
        car.request("Music")
        car.request("Nav")  // not MAY_DUCK: Music loses for a while
        car.request("Nav", .gainTransientMayDuck)  // the same listener, now ducking: Music is no longer blocked
        #expect(car.events() == ["Music: lossTransient", "Music: gain"])
        #expect(car.engine.holders == [.app("Nav"), .app("Music")])
        #expect(car.state("Music").ducked)
    }

    @Test("the ducking table ducks a concurrent holder at the duck level, untold, until the ducking holder leaves")
    func ducking() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.app("Music", .play(nil))
        car.app("Nav", .play(nil))
        #expect(car.state("Music").ducked)
        #expect(close(car.volume("Music"), 0.2))
        #expect(!car.state("Nav").ducked)
        #expect(car.events() == [])
        #expect(car.state("Music").rules["ducked"]?.id == "car.ducking")
        car.app("Nav", .abandonFocus)
        #expect(!car.state("Music").ducked)
        #expect(close(car.volume("Music"), 1))
    }

    @Test("a ring in the car follows the matrix: no lock, no mute")
    func ringInTheCar() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.app("Music", .play(nil))
        car.system(.incomingCall)
        #expect(car.events() == ["Music: lossTransient"])
        #expect(car.request("Nav").result == .granted)  // CALL_RING × NAVIGATION: C
        car.advance(.seconds(1))
        #expect(!car.state("Music").muted)
        car.system(.answerCall)
        #expect(car.engine.holders.contains(.call))
        car.system(.endCall)
        #expect(car.focus("Music") == .gain)
    }

    @Test("holders are listed most recent first, and losers that regain focus take their old places")
    func holderOrder() throws {
        var car = try Device(
            [
                carApp("Music", uid: 10001, usage: .media),
                carApp("Maps", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
            ],
            platform: .car)
        car.request("Music")
        car.request("Maps")
        #expect(car.engine.holders == [.app("Maps"), .app("Music")])
        car.system(.assistantBegin(.gainTransient))  // MUSIC × VOICE_COMMAND and NAVIGATION × VOICE_COMMAND: E
        #expect(car.engine.holders == [.assistant])
        #expect(car.engine.stack == [.assistant, .app("Maps"), .app("Music")])
        car.system(.assistantEnd)
        #expect(car.engine.holders == [.app("Maps"), .app("Music")])
        #expect(car.events() == ["Maps: lossTransient", "Music: lossTransient", "Maps: gain", "Music: gain"])
    }
}
