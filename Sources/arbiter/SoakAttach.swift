import ArbiterSoak
import ArgumentParser
import Foundation

extension Arbiter.Soak {
    /// `arbiter soak --attach`: this same program's `attach` on a private graph, with programs coming and going.
    func runAttach() throws {
        let arbiter = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let standIn = arbiter.deletingLastPathComponent().appendingPathComponent("arbiter-standin").path
        guard FileManager.default.isExecutableFile(atPath: standIn) else {
            print("error: no arbiter-standin beside \(arbiter.path); expected it built with arbiter (swift build)")
            throw ExitCode(2)
        }
        let roundCount = rounds ?? (minutes == nil ? 20 : nil)
        let limits = LiveSoakRunner.Limits(
            rounds: roundCount,
            seconds: minutes.map { $0 * 60 }, restartEvery: restartEvery)
        let runner: LiveSoakRunner
        do {
            runner = try LiveSoakRunner(
                limits: limits, arbiter: arbiter.path, standIn: standIn, seed: seed,
                quiet: quiet
            ) { line in
                print(line)
                fflush(nil)
            }
        } catch {
            print(
                "error: cannot start a private graph (PipeWire, WirePlumber, pipewire-pulse, a session bus): \(error)")
            throw ExitCode(2)
        }
        print(
            "soak: arbiter attach, seed \(seed), "
                + (roundCount.map { "\($0) rounds" } ?? "") + (rounds != nil && minutes != nil ? " or " : "")
                + (minutes.map { "\(String(format: "%g", $0)) minutes" } ?? "")
                + ", a private graph with WirePlumber and pipewire-pulse"
                + (restartEvery > 0 ? ", its daemon restarted every \(restartEvery) rounds" : ""))
        fflush(nil)
        if !runner.run() { throw ExitCode(1) }
    }
}
