import ArbiterPipeWire
import Foundation
import Testing

/// The stand-in program itself, as the live tests use it: the properties of its stream, what its log shows of
/// changes made from outside, its own pause, and a clean exit.
@Suite("The stand-in program", .serialized)
struct BusStandInTests {
    /// The `info.props` of the node named `name`, from `pw-dump`.
    static func nodeProperties(_ name: String, on daemon: PrivateDaemon) throws -> [String: Any] {
        let objects = try GraphSnapshot.dump(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        for object in objects {
            guard let info = object["info"] as? [String: Any], let props = info["props"] as? [String: Any],
                props["node.name"] as? String == name
            else { continue }
            return props
        }
        throw PrivateBus.Failure(description: "no node \(name) on the daemon")
    }

    @Test("its stream carries the name, role, category and media type it was given")
    func streamProperties() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let standIn = try StandIn(
            name: "Navigator", arguments: ["--role", "Navigation", "--category", "Playback"],
            daemon: daemon)
        defer { standIn.stop() }
        try standIn.link()
        let props = try Self.nodeProperties("Navigator", on: daemon)
        #expect(props["application.name"] as? String == "Navigator")
        #expect(props["media.role"] as? String == "Navigation")
        #expect(props["media.category"] as? String == "Playback")
        #expect(props["media.type"] as? String == "Audio")
        #expect(props["media.class"] as? String == "Stream/Output/Audio")
        let ready = try #require(standIn.lines.first { $0.hasPrefix("ready ") })
        let node = try #require(props["object.id"] as? Int ?? (props["object.id"] as? NSNumber)?.intValue)
        #expect(ready == "ready pid=\(standIn.pid) node=\(node)")
    }

    @Test("volumes written from outside show in its log under the key they were written with")
    func outsideVolumes() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let standIn = try StandIn(name: "Loud", arguments: ["--role", "Music"], daemon: daemon)
        defer { standIn.stop() }
        try standIn.link()
        let before = standIn.lines.count
        _ = try standIn.tool(["pw-cli", "set-param", "Loud", "Props", "{ channelVolumes: [ 0.2, 0.2 ] }"])
        try standIn.waitForLine(after: before, "control channelVolumes 0.200000 0.200000")
        _ = try standIn.tool(["pw-cli", "set-param", "Loud", "Props", "{ softVolumes: [ 0.3, 0.3 ] }"])
        try standIn.waitForLine(after: before, "control softVolumes 0.300000 0.300000")
        _ = try standIn.tool(["pw-cli", "set-param", "Loud", "Props", "{ mute: true }"])
        try standIn.waitForLine(after: before, "control mute 1.000000")
    }

    @Test("SIGUSR2 pauses and resumes its stream; SIGTERM ends it with status 0")
    func signals() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let standIn = try StandIn(name: "Toggled", daemon: daemon)
        defer { standIn.stop() }
        try standIn.link()
        standIn.signal(SIGUSR2)
        try standIn.waitForLine("user stream-pause")
        try standIn.waitForLine("state streaming -> paused")
        let paused = standIn.lines.count
        standIn.signal(SIGUSR2)
        try standIn.waitForLine(after: paused, "user stream-play")
        try standIn.waitForLine(after: paused, "state paused -> streaming")
        #expect(standIn.terminate() == 0)
        #expect(standIn.lines.contains("exit SIGTERM"))
    }

    @Test("--mpris with no session bus ends it at once with status 1 and says why")
    func mprisWithoutBus() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let standIn = try StandIn(name: "Busless", arguments: ["--mpris"], daemon: daemon)
        defer { standIn.stop() }
        try standIn.waitForLine("exit --mpris needs DBUS_SESSION_BUS_ADDRESS")
        #expect(standIn.terminate() == 1)
    }
}
