import ArbiterPipeWire
import Foundation
import Testing

@testable import ArbiterLive

/// The phone's call state from ModemManager, over a private bus where the stand-in plays ModemManager's part.
@Suite("Phone calls from ModemManager", .serialized)
struct BusPhoneCallsTests {
    @Test("no call, a ringing call, the call answered, the call ended")
    func followsTheCall() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let standIn = try StandIn(name: "Modem", arguments: ["--modemmanager"], daemon: daemon, bus: bus)
        defer { standIn.stop() }
        let session = try SessionBus(address: bus.address)
        defer { session.close() }
        try standIn.waitForLine("call none")
        #expect(try PhoneCalls.calls(on: session) == [])
        #expect(try PhoneCalls.status(on: session) == .idle)
        standIn.signal(SIGHUP)
        try standIn.waitForLine("call ringing")
        #expect(try PhoneCalls.calls(on: session) == [.ringingIn])
        #expect(try PhoneCalls.status(on: session) == .ringing)
        standIn.signal(SIGHUP)
        try standIn.waitForLine("call active")
        #expect(try PhoneCalls.status(on: session) == .active)
        let answered = standIn.lines.count
        standIn.signal(SIGHUP)
        try standIn.waitForLine(after: answered, "call none")
        #expect(try PhoneCalls.status(on: session) == .idle)
    }

    @Test("a call already active when it is first read")
    func startsActive() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let standIn = try StandIn(name: "InCall", arguments: ["--call", "active"], daemon: daemon, bus: bus)
        defer { standIn.stop() }
        let session = try SessionBus(address: bus.address)
        defer { session.close() }
        try standIn.waitForLine("call active")
        #expect(try PhoneCalls.calls(on: session) == [.active])
    }

    @Test("with no ModemManager on the bus there is no call")
    func noModemManager() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let session = try SessionBus(address: bus.address)
        defer { session.close() }
        #expect(try PhoneCalls.calls(on: session) == [])
        #expect(try PhoneCalls.status(on: session) == .idle)
    }

    @Test("a call under way comes before one ringing; ended calls count for nothing")
    func statusOfCalls() {
        #expect(PhoneCalls.status(of: []) == .idle)
        #expect(PhoneCalls.status(of: [.terminated, .unknown]) == .idle)
        #expect(PhoneCalls.status(of: [.ringingIn]) == .ringing)
        #expect(PhoneCalls.status(of: [.waiting, .terminated]) == .ringing)
        #expect(PhoneCalls.status(of: [.dialing]) == .active)
        #expect(PhoneCalls.status(of: [.ringingIn, .held]) == .active)
        #expect(PhoneCalls.status(of: [.waiting, .active]) == .active)
    }
}
