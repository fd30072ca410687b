import ArbiterAndroid
import ArbiterEngine
import ArbiterLive
import ArbiterPipeWire
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach --platform android|androidAutomotive`: Android's audio focus over other programs' streams
/// (docs/linux.md, "The car's focus on a live graph").
extension Attach {
    func runAndroid(_ name: String) throws {
        guard let focusPlatform = FocusPlatform(rawValue: name) else {
            throw ValidationError("--platform is \(name); expected android or androidAutomotive")
        }
        let refused = [
            ("--rules", rules != nil), ("--save", save != nil), ("--bus", bus != nil),
            ("--phone-bus", phoneBus != nil), ("--ledger", ledger != nil), ("--no-guard", noGuard),
            ("--guard-mode", guardMode), ("--json", json),
        ].filter(\.1).map(\.0)
        guard refused.isEmpty else {
            throw ValidationError(
                "\(refused.joined(separator: ", ")) cannot be used with --platform \(name): Android's "
                    + "focus on a live graph takes the apps from the streams' media.role, keeps no ledger and starts no "
                    + "guard, saves no scenario and prints text only (docs/linux.md)")
        }
        let graph: ProgramGraph
        do {
            graph = try ProgramGraph(remote: pipewireRemote)
            try graph.sync()
        } catch {
            print(
                "error: cannot attach to the PipeWire daemon \(androidRemoteName): \(error); "
                    + "expected a running daemon (--pipewire-remote NAME names one in $XDG_RUNTIME_DIR)")
            throw ExitCode(2)
        }
        let live = try AndroidLiveSession(graph: graph, platform: focusPlatform) { AttachOutput.line($0) }
        AttachSignals.install()
        let input = LineInput()
        let start = ContinuousClock.now
        func elapsed() -> Time {
            let since = (ContinuousClock.now - start).components
            return Time(milliseconds: since.seconds * 1000 + since.attoseconds / 1_000_000_000_000_000)
        }
        var ramping = live.turn(at: elapsed())
        AttachOutput.line("attached: \(live.followed) programs (remote \(androidRemoteName), platform \(name))")
        loop: while !AttachSignals.stopRequested {
            if input.take().contains(where: { $0.trimmingCharacters(in: .whitespaces) == "quit" }) { break }
            switch graph.wait(after: live.generation, timeoutMs: ramping ? 25 : 200) {
            case .changed, .timeout: ramping = live.turn(at: elapsed())
            case .gone:
                AttachOutput.line("error: the PipeWire daemon went away")
                break loop
            }
        }
        live.leave()
        try? graph.sync()  // what leaving asked of the daemon is sent and done before the process ends
        AttachOutput.line("detached: \(live.followed) programs left as they were")
    }

    private var androidRemoteName: String {
        pipewireRemote ?? ProcessInfo.processInfo.environment["PIPEWIRE_REMOTE"] ?? "pipewire-0 (the default)"
    }
}
