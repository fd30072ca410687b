/// duckOthers: while a ducking session is active, every other session plays at the profile's duck level.
extension Engine {
    /// Starts a ramp for app `i` if its gain target changed. Inlined down to the test (performance conventions):
    /// settle asks it of apps whose target rarely changed.
    @inline(__always)
    mutating func settleGain(_ i: Int, _ effects: inout Effects) {
        let target = gainTarget(i)
        if apps[i].gain.to != target { retargetGain(i, to: target, &effects) }
    }

    private mutating func retargetGain(_ i: Int, to target: Double, _ effects: inout Effects) {
        apps[i].gain.retarget(to: target, at: now, over: profile.duckRamp)
        effects.gain(i, heading: target, over: profile.duckRamp, target < 1 ? .duckOthers : .unduck)
    }

    /// App `id`'s gain at `time` (at or after the last event).
    public func gain(of id: AppID, at time: Time) -> Double? {
        app(id)?.gain.value(at: time)
    }

    /// Whether app `id`'s active session is ducked (its gain is heading for, or at, the duck level).
    public func isDucked(_ id: AppID) -> Bool {
        index(of: id).map { gainTarget($0) < 1 } ?? false
    }
}

extension Rule {
    static let duckOthers = Rule(
        id: "ducking.duck-others",
        statement: "while a session with duckOthers is active, every other active session (not phone audio) is "
            + "lowered to the profile's duckLevel over duckRamp",
        source: "H17; DOC:…/categoryoptions-swift.struct/duckothers; ASPG14 p.24 (level and ramp: profile)",
        evidence: .documented)
    static let unduck = Rule(
        id: "ducking.unduck",
        statement: "ducking ends only when the ducking session deactivates (or is interrupted)",
        source: "H17; ASPG14 p.24-25",
        evidence: .documented)
}
