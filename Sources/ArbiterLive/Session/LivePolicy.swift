import ArbiterEngine

/// A platform's policy running live over a daemon's programs: what `arbiter attach`'s one loop drives, whichever
/// platform decides (iOS's `LiveSession`, Android's and HarmonyOS's `LiveFocusSession`). All act on the programs
/// through `ProgramHands`.
public protocol LivePolicy: AnyObject {
    /// One turn at the session's time: what the graph did since the last, the programs made to follow the engine,
    /// then `lines` typed on standard input run. Returns whether volumes may still move (wake again within 25 ms)
    /// and whether a line asked to quit.
    func turn(lines: [String]) -> (ramping: Bool, quit: Bool)
    /// How many programs' streams are followed.
    var followed: Int { get }
    /// Whether something is due by time alone (a stream's stop grace or hold, a pause waiting to be confirmed): then
    /// the loop wakes within 50 ms even if nothing else happens. At rest it is false, and the loop sleeps until the
    /// graph, the bus or the user says something.
    var awaitsTime: Bool { get }
    /// After the daemon restarted: the new connection. The old streams are gone at once; the new daemon's are taken
    /// as they come.
    func replaceGraph(_ graph: any ProgramGraphAccess)
    /// The phone stack's call (ModemManager), as last read.
    func phoneStack(_ status: PhoneCallStatus)
    /// Puts every program back as it was (the session is over).
    func leave()
    /// What acts on the programs.
    var hands: ProgramHands { get }
}

extension LiveSession: LivePolicy {
    public var followed: Int { backend.followedNodes.count }
    public var awaitsTime: Bool { backend.awaitsTime }
    public func replaceGraph(_ graph: any ProgramGraphAccess) { backend.replaceGraph(graph) }
    public func phoneStack(_ status: PhoneCallStatus) { backend.phoneStack(status) }
    public var hands: ProgramHands { backend.hands }
}
