import Testing

@testable import ArbiterEngine

@Suite("Device controls: the Ring/Silent switch and the screen lock (reference §1)")
struct DeviceControlsTests {
    @Test(
        "moving the Ring/Silent switch or locking the screen is a decision with its rule; the same position again is none"
    )
    func switchAndLock() throws {
        var h = try Harness([Apps.plain])
        let silent = h.device(.ringer(.silent))
        #expect(silent.decisions == [Decision(app: nil, change: .ringer(.silent), rule: .silentSwitch)])
        #expect(h.engine.device.ringer == .silent)
        #expect(h.device(.ringer(.silent)).decisions.isEmpty)
        let locked = h.device(.lock)
        #expect(locked.decisions == [Decision(app: nil, change: .locked(true), rule: .screenLock)])
        #expect(h.device(.lock).decisions.isEmpty)
        #expect(h.device(.unlock).decisions == [Decision(app: nil, change: .locked(false), rule: .screenLock)])
        #expect(!h.engine.device.isLocked)
    }
}
