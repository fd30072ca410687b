private import CArbiterDBus
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A connection to the session bus (libsystemd's sd-bus): the MPRIS players on it, paused and resumed. Every call
/// waits at most `callTimeout` (a player's properties, `propertyTimeout`), so a peer that hangs cannot hang the
/// caller; calls from several threads take turns.
public final class SessionBus: @unchecked Sendable {
    /// The bus's address, as connected to.
    public let address: String
    /// How long a method call (Pause, Play, ListNames, ...) may take, in microseconds.
    public static let callTimeout: UInt64 = 500_000
    /// How long the players may take to answer `mediaPlayers()` (asked all at once) before those still silent are
    /// left out, and a single property read may take, in microseconds.
    public static let propertyTimeout: UInt64 = 200_000
    /// The prefix of every MPRIS player's name.
    public static let mediaPlayerPrefix = "org.mpris.MediaPlayer2."
    static let playerPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// The sd-bus connection, nil once closed; used only under `lock`.
    private var connection: OpaquePointer?
    private let lock = Mutex(())

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`); nil (or empty)
    /// takes `$DBUS_SESSION_BUS_ADDRESS`. Throws a `BusError` when there is none or it cannot connect.
    public init(address: String? = nil) throws {
        let chosen = try SessionBus.address(given: address, environment: SessionBus.environmentAddress())
        var bus: OpaquePointer?
        let result = arbiter_bus_open(chosen, SessionBus.callTimeout, &bus)
        guard result >= 0, let bus else {
            throw BusError("cannot connect to the session bus at \(chosen): \(SessionBus.describe(errno: result))")
        }
        self.address = chosen
        connection = bus
    }

    deinit { close() }

    /// The address to connect to: `given`, else the environment's; an error that says what to do when neither is.
    static func address(given: String?, environment: String?) throws(BusError) -> String {
        if let given, !given.isEmpty { return given }
        if let environment, !environment.isEmpty { return environment }
        throw BusError(
            "no session bus: DBUS_SESSION_BUS_ADDRESS is not set (run inside a desktop session, or start "
                + "one with `dbus-daemon --session --fork --print-address` and set DBUS_SESSION_BUS_ADDRESS to the address "
                + "it prints)")
    }

    /// The system bus's address (ModemManager's bus on a phone): `$DBUS_SYSTEM_BUS_ADDRESS`, else the standard
    /// socket.
    public static var systemBusAddress: String {
        guard let value = getenv("DBUS_SYSTEM_BUS_ADDRESS"), value.pointee != 0 else {
            return "unix:path=/run/dbus/system_bus_socket"
        }
        return String(cString: value)
    }

    /// `$DBUS_SESSION_BUS_ADDRESS`, nil when unset or empty.
    static func environmentAddress() -> String? {
        guard let value = getenv("DBUS_SESSION_BUS_ADDRESS"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// Closes the connection; later calls throw. Closing twice does nothing.
    public func close() {
        lock.withLock { _ in
            arbiter_bus_close(connection)
            connection = nil
        }
    }

    /// The MPRIS players on the bus, sorted by name, each with its process, Identity and PlaybackStatus. A player
    /// that does not answer within `propertyTimeout` (or is gone before it answers) is left out; the players are
    /// asked all at once, so several that hang cost one timeout between them.
    public func mediaPlayers() throws -> [MediaPlayer] {
        try withBus { bus in
            var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = arbiter_bus_list_names(bus, SessionBus.mediaPlayerPrefix, &names)
            guard count >= 0 else { throw failure(bus, count, "cannot list the names on the session bus") }
            defer { arbiter_bus_free_strings(names) }
            var owners: [(name: String, pid: Int32)] = []
            for index in 0..<Int(count) {
                guard let name = names?[index].map({ String(cString: $0) }) else { continue }
                var pid: UInt32 = 0
                guard arbiter_bus_name_pid(bus, name, &pid) >= 0 else { continue }
                owners.append((name, Int32(bitPattern: pid)))
            }
            guard let batch = arbiter_bus_batch_new() else { throw BusError("out of memory") }
            defer { arbiter_bus_batch_free(batch) }
            for owner in owners {
                let identity = arbiter_bus_batch_add(
                    batch, owner.name, SessionBus.playerPath, SessionBus.rootInterface,
                    "Identity")
                let status = arbiter_bus_batch_add(
                    batch, owner.name, SessionBus.playerPath, SessionBus.playerInterface,
                    "PlaybackStatus")
                guard identity >= 0, status >= 0 else { throw BusError("out of memory") }
            }
            let run = arbiter_bus_batch_run(bus, batch, SessionBus.propertyTimeout)
            guard run >= 0 else {
                throw BusError("cannot ask the players on the session bus: \(SessionBus.describe(errno: run))")
            }
            var players: [MediaPlayer] = []
            for (index, owner) in owners.enumerated() {
                guard case .answered(let identity) = answer(batch, Int32(2 * index)),
                    case .answered(let status) = answer(batch, Int32(2 * index + 1))
                else { continue }
                players.append(
                    MediaPlayer(
                        busName: owner.name, processID: owner.pid, identity: identity,
                        playbackStatus: status))
            }
            return players.sorted { $0.busName < $1.busName }
        }
    }

    /// A batch read's answer; as `property(_:_:_:_:)` tells one.
    private func answer(_ batch: OpaquePointer, _ index: Int32) -> Answer {
        let result = arbiter_bus_batch_result(batch, index)
        if result >= 0 { return .answered(arbiter_bus_batch_value(batch, index).map { String(cString: $0) }) }
        let errorName = String(cString: arbiter_bus_batch_error_name(batch, index))
        if SessionBus.meansNoSuchProperty(errorName) { return .answered(nil) }
        return .silent(errorName.isEmpty ? SessionBus.describe(errno: result) : errorName)
    }

    /// Whether a D-Bus error answers "no such property" (sd-bus says UnknownProperty, GDBus InvalidArgs): an answer,
    /// unlike a timeout, a vanished name, no reply or no MPRIS object at all.
    static func meansNoSuchProperty(_ errorName: String) -> Bool {
        [
            "org.freedesktop.DBus.Error.UnknownProperty", "org.freedesktop.DBus.Error.UnknownInterface",
            "org.freedesktop.DBus.Error.InvalidArgs",
        ].contains(errorName)
    }

    /// Asks `player` to pause (org.mpris.MediaPlayer2.Player.Pause).
    public func pause(_ player: MediaPlayer) throws { try callPlayer(player, "Pause") }

    /// Asks `player` to play (org.mpris.MediaPlayer2.Player.Play).
    public func play(_ player: MediaPlayer) throws { try callPlayer(player, "Play") }

    /// `player`'s PlaybackStatus now ("Playing", "Paused", "Stopped"), nil when it has none.
    public func playbackStatus(of player: MediaPlayer) throws -> String? {
        try withBus { bus in
            switch property(bus, player.busName, SessionBus.playerInterface, "PlaybackStatus") {
            case .answered(let status): return status
            case .silent(let why): throw BusError("\(player.busName) did not tell its PlaybackStatus: \(why)")
            }
        }
    }

    private func callPlayer(_ player: MediaPlayer, _ member: String) throws {
        try withBus { bus in
            let result = arbiter_bus_call(
                bus, player.busName, SessionBus.playerPath, SessionBus.playerInterface,
                member, 0)
            guard result >= 0 else { throw failure(bus, result, "\(player.busName) did not answer \(member)") }
        }
    }

    /// A string property's answer: its value (nil when the player has no such property), or why there was none.
    enum Answer {
        case answered(String?)
        case silent(String)
    }

    private func property(_ bus: OpaquePointer, _ name: String, _ interface: String, _ property: String) -> Answer {
        var value: UnsafeMutablePointer<CChar>?
        let result = arbiter_bus_get_string(
            bus, name, SessionBus.playerPath, interface, property,
            SessionBus.propertyTimeout, &value)
        defer { arbiter_bus_free_string(value) }
        if result >= 0 { return .answered(value.map { String(cString: $0) }) }
        if SessionBus.meansNoSuchProperty(String(cString: arbiter_bus_error_name(bus))) { return .answered(nil) }
        return .silent(describe(bus, result))
    }

    /// Runs `body` with the connection, one caller at a time; throws when it is closed.
    func withBus<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        try lock.withLock { _ in
            guard let connection else { throw BusError("the session bus connection to \(address) is closed") }
            return try body(connection)
        }
    }

    func failure(_ bus: OpaquePointer, _ result: Int32, _ what: String) -> BusError {
        BusError("\(what): \(describe(bus, result))")
    }

    /// The D-Bus error of the last call, or the system's words for `result`.
    private func describe(_ bus: OpaquePointer, _ result: Int32) -> String {
        let name = String(cString: arbiter_bus_error_name(bus))
        guard !name.isEmpty else { return SessionBus.describe(errno: result) }
        let message = String(cString: arbiter_bus_error_message(bus))
        return message.isEmpty ? name : "\(name) (\(message))"
    }

    static func describe(errno result: Int32) -> String {
        if -result == ETIMEDOUT { return "no answer within the timeout" }
        return String(cString: strerror(-result))
    }
}
