private import CArbiterDBus

/// A voice call's state, as ModemManager's `org.freedesktop.ModemManager1.Call` `State` (MMCallState) gives it.
public enum ModemCallState: Int32, Sendable, Equatable {
    case unknown = 0
    case dialing, ringingOut, ringingIn, active, held, waiting, terminated
}

/// Whether the phone is in a call: none, one ringing for the user to answer, or one under way.
public enum PhoneCallStatus: String, Sendable, Equatable {
    case idle, ringing, active
}

/// The phone stack's calls, read from ModemManager (`org.freedesktop.ModemManager1`) on a bus: every voice-capable
/// modem's `Calls`, each call's `State`. On a phone ModemManager is on the system bus (`SessionBus.systemBusAddress`).
public enum PhoneCalls {
    /// ModemManager's name on the bus.
    public static let serviceName = "org.freedesktop.ModemManager1"
    static let managerPath = "/org/freedesktop/ModemManager1"
    static let voiceInterface = "org.freedesktop.ModemManager1.Modem.Voice"
    static let callInterface = "org.freedesktop.ModemManager1.Call"

    /// The state of every call of every voice modem; none when ModemManager is not on the bus.
    public static func calls(on bus: SessionBus) throws -> [ModemCallState] {
        try bus.withBus { connection in
            var modems: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = arbiter_bus_managed_objects(connection, serviceName, managerPath, voiceInterface, 0, &modems)
            if count < 0, absent(connection) { return [] }
            guard count >= 0 else { throw bus.failure(connection, count, "cannot list ModemManager's modems") }
            defer { arbiter_bus_free_strings(modems) }
            var states: [ModemCallState] = []
            for modem in strings(modems, count) {
                var calls: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                let callCount = arbiter_bus_get_object_paths(
                    connection, serviceName, modem, voiceInterface, "Calls", 0,
                    &calls)
                guard callCount >= 0 else {
                    if absent(connection) { continue }
                    throw bus.failure(connection, callCount, "cannot read the calls of modem \(modem)")
                }
                defer { arbiter_bus_free_strings(calls) }
                for call in strings(calls, callCount) {
                    var state: Int32 = 0
                    let result = arbiter_bus_get_int32(connection, serviceName, call, callInterface, "State", 0, &state)
                    guard result >= 0 else {
                        if absent(connection) { continue }
                        throw bus.failure(connection, result, "cannot read the state of call \(call)")
                    }
                    states.append(ModemCallState(rawValue: state) ?? .unknown)
                }
            }
            return states
        }
    }

    /// Whether a call is ringing or under way, from ModemManager on `bus`.
    public static func status(on bus: SessionBus) throws -> PhoneCallStatus {
        status(of: try calls(on: bus))
    }

    /// A call under way (dialing, ringing out, active or held) comes before one ringing in (or waiting); ended and
    /// unknown calls count for nothing.
    public static func status(of calls: [ModemCallState]) -> PhoneCallStatus {
        if calls.contains(where: { [.dialing, .ringingOut, .active, .held].contains($0) }) { return .active }
        if calls.contains(where: { [.ringingIn, .waiting].contains($0) }) { return .ringing }
        return .idle
    }

    /// Whether the last call failed because ModemManager, the modem or the call is not there (any more).
    private static func absent(_ connection: OpaquePointer) -> Bool {
        let name = String(cString: arbiter_bus_error_name(connection))
        return [
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod",
            "org.freedesktop.DBus.Error.UnknownInterface",
        ].contains(name)
    }

    private static func strings(
        _ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ count: Int32
    ) -> [String] {
        (0..<Int(count)).compactMap { index in array?[index].map { String(cString: $0) } }
    }
}
