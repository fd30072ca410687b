import ArbiterEngine
import ArbiterScenario
import Testing

/// Time moving on in the REPL: what it causes is shown at the time it happens.
@Suite("REPL time")
struct ReplTimeTests {
    @Test("letting time pass suspends an app idling in the background at its own time, then shows the new time")
    func idleAppSuspendedOnTheWay() throws {
        var session = try ReplSession()
        for line in [
            "app Music category=playback backgroundModes=audio", "app Home", "Music play", "Home foreground",
            "Music pause",
        ] {
            let reply = session.execute(line)
            #expect(!reply.failed, "\(line): \(reply.lines)")
        }
        let reply = session.execute("after 40s")
        #expect(
            reply.lines == [
                "30s  time passes",
                "Music: session deactivated  [background.idle-suspends]",
                "Music: app suspended  [background.idle-suspends]",
                "time 40s",
            ])
        #expect(session.execute("after 40s").lines == ["time 1m20s"], "nothing left to suspend")
    }
}
