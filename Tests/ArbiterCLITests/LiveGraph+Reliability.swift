import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension LiveGraph {
    /// The ledger `arbiter attach` writes in the session's directory.
    var ledgerPath: String { "\(directory)/attach.ledger" }

    /// The ledger's lines (none when there is no file: nothing is changed).
    var ledger: [String] { log(ledgerPath) }

    /// Whether the ledger lists the node `id`.
    func ledgerLists(node id: Int) -> Bool { ledger.contains { $0.hasPrefix("node \(id) ") } }

    /// Restarts the daemon on the same socket, with WirePlumber; the programs playing into it lose it.
    func restartDaemon(crash: Bool = false) throws {
        try session.restartDaemon(crash: crash)
    }

    /// The first stream node of the program `name`, once it runs.
    func runningNode(of name: String) throws -> Node {
        var found: Node?
        try wait("\(name) to run") {
            found = try readAgainIfGarbled { try nodes(of: name) }.first { $0.state == "running" }
            return found != nil
        }
        return found!
    }

    /// `factor(of:)`, read again once if `pw-dump` printed something that is not JSON.
    func steadyFactor(of name: String) throws -> Double? {
        try readAgainIfGarbled { try factor(of: name) }
    }

    /// A `pw-dump` read, made again once when its output is not JSON (now and then `pw-dump` prints a truncated or
    /// garbled document while the graph changes under it).
    private func readAgainIfGarbled<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as NSError where error.domain == NSCocoaErrorDomain {
            return try read()
        }
    }
}
