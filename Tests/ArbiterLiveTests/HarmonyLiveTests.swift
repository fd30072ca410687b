import ArbiterEngine
import ArbiterHarmony
import ArbiterLive
import ArbiterPipeWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// HarmonyOS's focus on a real graph: a private daemon with WirePlumber, `pw-play` programs in it, the session (or
/// `arbiter attach --platform harmonyos`) following them, and every outcome read from outside with `pw-dump` and a
/// recording of the program's output.
@Suite("HarmonyOS's focus on a live graph", .serialized)
struct HarmonyLiveTests {
    @Test func aNavigationPromptDucksMusicAndMusicIsUnduckedAfterIt() throws {
        let phone = try FocusGraph(HarmonyLivePlatform())
        _ = try phone.play("Music", role: "Music")
        try phone.wait("Music to run") { try phone.node("Music")?.state == "running" }
        let maps = try phone.play("Maps", role: "Navigation")
        try phone.wait("Music to be ducked to the duck factor") {
            try phone.factor("Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        #expect(
            phone.lines.contains {
                $0.hasPrefix("→ Music-") && $0.hasSuffix("begin force duck  [harmony.focus.duck-existing]")
            })
        phone.session.stop(maps)
        try phone.wait("Music to be unducked") { try phone.factor("Music").map { $0 > 0.99 } ?? false }
        #expect(phone.lines.contains { $0.hasSuffix("end force unduck  [harmony.release.unduck]") })
        #expect(try phone.node("Music")?.state == "running")
    }

    @Test func aVoIPCallCorksMusicAndItsResumeStartsItAgain() throws {
        let phone = try FocusGraph(HarmonyLivePlatform())
        _ = try phone.play("Music", role: "Music")
        try phone.wait("Music to run") { try phone.node("Music")?.state == "running" }
        #expect(try phone.level(of: "Music") > 0.01)
        let call = try phone.play("Chat", role: "Communication")
        try phone.wait("Music to be corked") {
            phone.lines.contains { $0.hasPrefix("⇒ Music-") && $0.hasSuffix("corked  [live.cork]") }
        }
        try phone.graph.sync()
        // Corked, its stream plays nothing, though its node still runs.
        #expect(try phone.level(of: "Music") < 0.001)
        phone.session.stop(call)
        try phone.wait("Music to be started again on RESUME") {
            phone.lines.contains { $0.hasPrefix("⇒ Music-") && $0.hasSuffix("started again  [live.uncork]") }
        }
        #expect(phone.lines.contains { $0.hasSuffix("end share resume  [harmony.release.resume]") })
        try phone.graph.sync()
        #expect(try phone.level(of: "Music") > 0.01)
    }

    @Test func arbiterAttachAppliesHarmonyOSsFocusAndLeavesEverythingAsItWas() throws {
        let phone = try FocusGraph(HarmonyLivePlatform())
        _ = try phone.play("Music", role: "Music")
        try phone.wait("Music to run", turning: false) { try phone.node("Music")?.state == "running" }
        let log = "\(phone.directory)/attach.log"
        let attach = try phone.session.spawn(
            [
                AndroidCar.arbiter, "attach", "--platform", "harmonyos", "--api", "12",
                "--pipewire-remote", "\(phone.directory)/pipewire-0",
            ], log: log)
        func output() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try phone.wait("arbiter attach to attach", turning: false) { output().contains("attached: ") }
        #expect(output().contains("platform harmonyos"))
        let maps = try phone.play("Maps", role: "Navigation")
        try phone.wait("Music to be ducked", turning: false) {
            try phone.factor("Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        try phone.wait("the duck to be explained", turning: false) {
            output().contains("(Navigation, usage navigation) running")
                && output().contains("audioInterrupt begin force duck  [harmony.focus.duck-existing]")
                && output().contains("softVolumes 0.2  [live.duck]")
        }
        phone.session.stop(maps)
        try phone.wait("Music to be unducked", turning: false) { try phone.factor("Music").map { $0 > 0.99 } ?? false }
        _ = try phone.play("Maps", role: "Navigation", name: "maps2.wav")
        try phone.wait("Music to be ducked again", turning: false) {
            try phone.factor("Music").map { $0 < 0.99 } ?? false
        }
        kill(attach, SIGTERM)
        try phone.wait("arbiter attach to leave", turning: false) { phone.session.hasExited(attach) }
        phone.session.stop(attach)
        #expect(output().contains("detached: "))
        #expect(try phone.factor("Music").map { $0 > 0.99 } == true)
    }
}
