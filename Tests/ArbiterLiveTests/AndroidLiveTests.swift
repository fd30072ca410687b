import ArbiterAndroid
import ArbiterEngine
import ArbiterLive
import ArbiterPipeWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Android's focus on a real graph: a private daemon with WirePlumber, `pw-play` programs in it, the session (or
/// `arbiter attach --platform androidAutomotive`) following them, and every outcome read from outside with `pw-dump`.
@Suite("Android's focus on a live graph", .serialized)
struct AndroidLiveTests {
    @Test func aNavigationPromptDucksMusicAndMusicComesBackAfterIt() throws {
        let car = try AndroidCar()
        _ = try car.play("Music", role: "Music")
        try car.wait("Music to run") { try car.node("Music")?.state == "running" }
        let maps = try car.play("Maps", role: "Navigation")
        let duck = car.live.state.setup.profile.duckLevel
        try car.wait("Music to be ducked") { try car.factor("Music").map { abs($0 - duck) < 0.01 } ?? false }
        #expect(car.lines.contains { $0.hasPrefix("seen: Maps-") && $0.hasSuffix("running") })
        car.session.stop(maps)
        try car.wait("Music to come back up") { try car.factor("Music").map { $0 > 0.99 } ?? false }
        #expect(try car.node("Music")?.state == "running")
    }

    @Test func aCallCorksMusicAndStartsItAgainAfterTheCall() throws {
        let car = try AndroidCar()
        _ = try car.play("Music", role: "Music")
        try car.wait("Music to run") { try car.node("Music")?.state == "running" }
        #expect(try car.level(of: "Music") > 0.01)
        let call = try car.play("Dialer", role: "Communication")
        try car.wait("Music to be corked") {
            car.lines.contains { $0.hasPrefix("⇒ Music-") && $0.hasSuffix("corked  [live.cork]") }
        }
        try car.graph.sync()
        // Corked, its stream plays nothing, though its node still runs.
        #expect(try car.level(of: "Music") < 0.001)
        #expect(try car.node("Music")?.state == "running")
        car.session.stop(call)
        try car.wait("Music to be started again") {
            car.lines.contains { $0.hasPrefix("⇒ Music-") && $0.hasSuffix("started again  [live.uncork]") }
        }
        try car.graph.sync()
        #expect(try car.level(of: "Music") > 0.01)
    }

    @Test func leavingPutsTheVolumesBack() throws {
        let car = try AndroidCar()
        _ = try car.play("Music", role: "Music")
        try car.wait("Music to run") { try car.node("Music")?.state == "running" }
        _ = try car.play("Maps", role: "Navigation")
        try car.wait("Music to be ducked") { try car.factor("Music").map { $0 < 0.99 } ?? false }
        car.live.leave()
        try car.graph.sync()
        try car.wait("Music's volume to be back", turning: false) {
            try car.factor("Music").map { $0 > 0.99 } ?? false
        }
    }

    @Test func arbiterAttachAppliesTheCarsFocusAndLeavesEverythingAsItWas() throws {
        let car = try AndroidCar()
        _ = try car.play("Music", role: "Music")
        try car.wait("Music to run", turning: false) { try car.node("Music")?.state == "running" }
        let log = "\(car.directory)/attach.log"
        let attach = try car.session.spawn(
            [
                AndroidCar.arbiter, "attach", "--platform", "androidAutomotive",
                "--pipewire-remote", "\(car.directory)/pipewire-0",
            ], log: log)
        func output() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try car.wait("arbiter attach to attach", turning: false) { output().contains("attached: ") }
        let maps = try car.play("Maps", role: "Navigation")
        try car.wait("Music to be ducked", turning: false) { try car.factor("Music").map { $0 < 0.99 } ?? false }
        try car.wait("the duck to be explained", turning: false) {
            output().contains("(Navigation, usage assistanceNavigationGuidance) running")
                && output().contains("softVolumes 0.2  [live.duck]")
        }
        car.session.stop(maps)
        try car.wait("Music to come back up", turning: false) { try car.factor("Music").map { $0 > 0.99 } ?? false }
        _ = try car.play("Maps", role: "Navigation", name: "maps2.wav")
        try car.wait("Music to be ducked again", turning: false) { try car.factor("Music").map { $0 < 0.99 } ?? false }
        kill(attach, SIGTERM)
        try car.wait("arbiter attach to leave", turning: false) { car.session.hasExited(attach) }
        car.session.stop(attach)
        #expect(output().contains("detached: "))
        #expect(try car.factor("Music").map { $0 > 0.99 } == true)
    }

    /// `arbiter ARGUMENTS`, run to its end: its exit status and all it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AndroidCar.arbiter)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func arbiterAttachRefusesWhatMakesNoSenseForAndroid() throws {
        for (arguments, message) in [
            (
                ["attach", "--platform", "androidAutomotive", "--rules", "rules.yaml", "--json"],
                "--rules, --json cannot be used with --platform androidAutomotive"
            ),
            (
                ["attach", "--platform", "android", "--sdk", "25"],
                "--sdk is 25; expected an Android API level from 26 to 36"
            ),
            (["attach", "--sdk", "30"], "--sdk goes with --platform android or androidAutomotive"),
        ] {
            let (status, text) = try Self.run(arguments)
            #expect(status != 0)
            #expect(text.contains(message), "\(arguments): \(text)")
        }
    }
}
