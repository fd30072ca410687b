private import CArbiterDBus

extension SessionBus {
    /// Has the bus deliver `sender`'s signals (and its coming and going) to this connection from now on, so that
    /// `descriptor` becomes readable when it changes something.
    public func watch(sender: String) throws {
        try withBus { bus in
            let result = arbiter_bus_watch_sender(bus, sender)
            if result < 0 { throw failure(bus, result, "cannot watch \(sender)'s signals") }
        }
    }

    /// The connection's descriptor, for poll(): readable when a message waits. -1 once closed.
    public var descriptor: Int32 { (try? withBus { arbiter_bus_fd($0) }) ?? -1 }

    /// Reads every message waiting, without blocking: how many there were (a watched signal among them means its
    /// sender changed something).
    public func drain() throws -> Int {
        try withBus { bus in
            let result = arbiter_bus_drain(bus)
            if result < 0 { throw failure(bus, result, "cannot read the bus") }
            return Int(result)
        }
    }
}
