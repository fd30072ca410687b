import ArbiterEngine

/// What a request does to a focus holder, by the holder's context and the request's.
public enum FocusInteraction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `R`: the request is refused (or delayed).
    case reject
    /// `E`: the request is granted and the holder loses focus.
    case exclusive
    /// `C`: the request is granted and the holder keeps focus (ducked, if the ducking table says so).
    case concurrent

    public var description: String { rawValue }

    /// FocusInteraction's matrix: row the holder's context, column the request's, in `CarAudioContext.real`'s order.
    static let matrix: [[FocusInteraction]] = {
        let rows = [
            //  MUS  NAV  VOI  RING CALL ALRM NOTI SYS  EMER SAFE VEH  ANN
            "E C E E E E C C E C C E",  // MUSIC
            "C C E C E C C C E C C C",  // NAVIGATION
            "C R C E E R R R E C C R",  // VOICE_COMMAND
            "R C C C C R R C E C C R",  // CALL_RING
            "R C R C C C C R C C C R",  // CALL
            "C C E E E C C C E C C R",  // ALARM
            "C C E E E C C C E C C C",  // NOTIFICATION
            "C C E E E C C C E C C C",  // SYSTEM_SOUND
            "R R R R C R R R C C R R",  // EMERGENCY
            "C C C C C C C C C C C C",  // SAFETY
            "C C C C C C C C E C C C",  // VEHICLE_STATUS
            "E C E E E E C C E C C E",  // ANNOUNCEMENT
        ]
        return rows.map { row in
            row.split(separator: " ").map { cell in
                switch cell {
                case "E": .exclusive
                case "C": .concurrent
                default: .reject
                }
            }
        }
    }()

    /// The interaction of a request in context `request` with a holder in context `holder`; CALL × NAVIGATION is a
    /// rejection when the user's "reject navigation during a call" setting is on.
    public static func of(
        holder: CarAudioContext, request: CarAudioContext,
        rejectNavigationDuringCall: Bool = false
    ) -> FocusInteraction {
        if holder == .invalid {
            return request == .emergency || request == .safety ? .exclusive : .reject
        }
        if request == .invalid { return .reject }
        if rejectNavigationDuringCall && holder == .call && request == .navigation { return .reject }
        let row = CarAudioContext.real.firstIndex(of: holder)!
        let column = CarAudioContext.real.firstIndex(of: request)!
        return matrix[row][column]
    }
}

extension AndroidRules {
    static let carInteractionReject = Rule(
        id: "car.interaction-reject",
        statement: "when the matrix says REJECT for a holder's context and the request's, the request FAILS",
        source: AOSP.focusInteraction + " evaluateRequest (INTERACTION_REJECT)",
        evidence: .documented)
    static let carInteractionDelayed = Rule(
        id: "car.interaction-delayed",
        statement: "a GAIN request that accepts delayed focus is DELAYED instead of refused, one at a time",
        source: AOSP.focusInteraction + " evaluateRequest; " + AOSP.carAudioFocus + " swapDelayedAudioFocusRequest",
        evidence: .documented)
    static let carInteractionExclusive = Rule(
        id: "car.interaction-exclusive",
        statement: "when the matrix says EXCLUSIVE, the request is granted and the holder loses focus: LOSS for a "
            + "GAIN request, LOSS_TRANSIENT_CAN_DUCK for a MAY_DUCK one if it receives duck events, else "
            + "LOSS_TRANSIENT",
        source: AOSP.focusInteraction + " evaluateRequest (INTERACTION_EXCLUSIVE); " + AOSP.carAudioFocus
            + " evaluateFocusRequestLocked",
        evidence: .documented)
    static let carInteractionConcurrent = Rule(
        id: "car.interaction-concurrent",
        statement: "when the matrix says CONCURRENT for a MAY_DUCK request, the holder keeps focus beside it (the "
            + "ducking table decides whether it is ducked)",
        source: AOSP.focusInteraction + " evaluateRequest (INTERACTION_CONCURRENT)",
        evidence: .documented)
    static let carConcurrentLoses = Rule(
        id: "car.concurrent-loses",
        statement: "when the matrix says CONCURRENT but the request is not MAY_DUCK, or the holder pauses when ducked "
            + "or receives duck events, the holder loses focus as if EXCLUSIVE",
        source: AOSP.focusInteraction + " evaluateRequest (INTERACTION_CONCURRENT, allowDucking)",
        evidence: .documented)
    static let carNavigationRejectedDuringCall = Rule(
        id: "car.navigation-rejected-during-call",
        statement: "with the user's setting to reject navigation during a call, a navigation request is refused while "
            + "a call holds focus",
        source: AOSP.focusInteraction
            + " KEY_AUDIO_FOCUS_NAVIGATION_REJECTED_DURING_CALL (profile: rejectNavigationDuringCall)",
        evidence: .tunable)
}
