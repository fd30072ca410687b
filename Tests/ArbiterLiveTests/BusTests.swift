import ArbiterPipeWire
import Foundation
import Testing

@testable import ArbiterLive

/// MPRIS over a private session bus: the stand-in program serves a player, `SessionBus` finds it with its process,
/// pauses and resumes it, and the stand-in's own log shows what it was told and what its stream did.
@Suite("The session bus and MPRIS players", .serialized)
struct BusTests {
    /// A stand-in serving MPRIS on a fresh bus and daemon, and the player the bus lists for it.
    struct Player {
        let daemon: PrivateDaemon
        let bus: PrivateBus
        let standIn: StandIn
        let session: SessionBus

        init(name: String, linked: Bool) throws {
            daemon = try PrivateDaemon()
            bus = try PrivateBus()
            standIn = try StandIn(name: name, arguments: ["--role", "Music", "--mpris"], daemon: daemon, bus: bus)
            session = try SessionBus(address: bus.address)
            try standIn.waitForLine("its bus name") { $0.hasPrefix("bus name=") }
            if linked { try standIn.link() }
        }

        var busName: String { "org.mpris.MediaPlayer2.arbiter_standin.instance\(standIn.pid)" }

        func player() throws -> MediaPlayer {
            try #require(try session.mediaPlayers().first { $0.busName == busName })
        }

        func stop() {
            session.close()
            standIn.stop()
            bus.stop()
            daemon.stop()
        }
    }

    @Test("a stand-in with --mpris is listed with its process, Identity and PlaybackStatus")
    func listsThePlayer() throws {
        let fixture = try Player(name: "Listed", linked: false)
        defer { fixture.stop() }
        let players = try fixture.session.mediaPlayers()
        #expect(
            players == [
                MediaPlayer(
                    busName: fixture.busName, processID: fixture.standIn.pid, identity: "Listed",
                    playbackStatus: "Playing")
            ])
    }

    @Test("pause() reaches the player, which deactivates its stream; play() resumes it")
    func pausesAndResumes() throws {
        let fixture = try Player(name: "Paused", linked: true)
        defer { fixture.stop() }
        let player = try fixture.player()
        let before = fixture.standIn.lines.count
        try fixture.session.pause(player)
        try fixture.standIn.waitForLine(after: before, "mpris Pause")
        try fixture.standIn.waitForLine(after: before, "state streaming -> paused")
        #expect(try fixture.session.playbackStatus(of: player) == "Paused")
        #expect(try fixture.player().playbackStatus == "Paused")

        let paused = fixture.standIn.lines.count
        try fixture.session.play(player)
        try fixture.standIn.waitForLine(after: paused, "mpris Play")
        try fixture.standIn.waitForLine(after: paused, "state paused -> streaming")
        #expect(try fixture.session.playbackStatus(of: player) == "Playing")
    }

    @Test("the user's own pause in the player (SIGUSR1) shows in its PlaybackStatus")
    func userPauseShows() throws {
        let fixture = try Player(name: "UserPaused", linked: true)
        defer { fixture.stop() }
        let player = try fixture.player()
        fixture.standIn.signal(SIGUSR1)
        try fixture.standIn.waitForLine("user pause")
        try fixture.standIn.waitForLine("state streaming -> paused")
        #expect(try fixture.session.playbackStatus(of: player) == "Paused")
        fixture.standIn.signal(SIGUSR1)
        try fixture.standIn.waitForLine("user play")
        #expect(try fixture.session.playbackStatus(of: player) == "Playing")
    }

    @Test("a player that does not answer is left out of the list, and calling it fails instead of hanging")
    func hungPlayerIsLeftOut() throws {
        let fixture = try Player(name: "Hung", linked: false)
        defer { fixture.stop() }
        let other = try StandIn(name: "Answering", arguments: ["--mpris"], daemon: fixture.daemon, bus: fixture.bus)
        defer { other.stop() }
        try other.waitForLine("its bus name") { $0.hasPrefix("bus name=") }
        let player = try fixture.player()
        kill(fixture.standIn.pid, SIGSTOP)
        defer { kill(fixture.standIn.pid, SIGCONT) }
        #expect(try fixture.session.mediaPlayers().map(\.identity) == ["Answering"])
        let error = #expect(throws: BusError.self) { try fixture.session.pause(player) }
        #expect(error?.description.contains(fixture.busName) == true)
        kill(fixture.standIn.pid, SIGCONT)
        #expect(Set(try fixture.session.mediaPlayers().compactMap(\.identity)) == ["Answering", "Hung"])
    }

    @Test("PlayerMatch finds the stand-in's player for its own pid")
    func matchesTheStandInsPid() throws {
        let fixture = try Player(name: "Matched", linked: false)
        defer { fixture.stop() }
        let players = try fixture.session.mediaPlayers()
        #expect(PlayerMatch.player(forProcess: fixture.standIn.pid, among: players)?.busName == fixture.busName)
        #expect(PlayerMatch.player(forProcess: getpid(), among: players) == nil)
    }

    @Test("connecting to a bus that is not there fails with an error that names the address")
    func noBusFails() throws {
        let directory = try PrivateBus.temporaryDirectory()
        defer { rmdir(directory) }
        let address = "unix:path=\(directory)/no-bus"
        let error = #expect(throws: BusError.self) { try SessionBus(address: address) }
        #expect(error?.description == "cannot connect to the session bus at \(address): No such file or directory")
    }

    @Test("a socket where nothing answers fails with an error instead of hanging")
    func silentSocketFails() throws {
        let directory = try PrivateBus.temporaryDirectory()
        let path = directory + "/silent"
        defer {
            unlink(path)
            rmdir(directory)
        }
        // Listens, never accepts: the connection is made and the handshake gets no answer.
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 4) == 0)
        let error = #expect(throws: BusError.self) { try SessionBus(address: "unix:path=\(path)") }
        #expect(
            error?.description
                == "cannot connect to the session bus at unix:path=\(path): no answer within the timeout")
    }

    @Test("with no address given and none in the environment, the error says how to get a bus")
    func noAddressFails() throws {
        #expect(try SessionBus.address(given: nil, environment: "unix:path=/run/bus") == "unix:path=/run/bus")
        #expect(try SessionBus.address(given: "unix:path=/a", environment: "unix:path=/b") == "unix:path=/a")
        let error = #expect(throws: BusError.self) { try SessionBus.address(given: nil, environment: "") }
        #expect(error?.description.hasPrefix("no session bus: DBUS_SESSION_BUS_ADDRESS is not set") == true)
    }

    @Test("a closed connection refuses calls with an error")
    func closedConnectionFails() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let session = try SessionBus(address: bus.address)
        #expect(try session.mediaPlayers().isEmpty)
        session.close()
        session.close()
        #expect(throws: BusError.self) { try session.mediaPlayers() }
    }
}
