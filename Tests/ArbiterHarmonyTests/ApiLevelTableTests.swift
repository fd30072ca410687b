import ArbiterEngine
import Testing

@testable import ArbiterHarmony

@Suite("HarmonyOS: the focus table by API level (harmonyos §3.1, §3.3, §12)")
struct ApiLevelTableTests {
    @Test("API 12 and 13 take OpenHarmony 5.0.0's table, API 14 and later 6.0's")
    func defaultsByApiLevel() {
        #expect(HarmonyProfile(api: 12).focusTable == .openHarmony500)
        #expect(HarmonyProfile(api: 13).focusTable == .openHarmony500)
        #expect(HarmonyProfile(api: 14).focusTable == .openHarmony6)
        #expect(HarmonyProfile(api: 20).focusTable == .openHarmony6)
    }

    @Test("5.0.0's table has 30 types and 899 cells, and 31 playback cells otherwise than 6.0 (§3.1, §3.3)")
    func countsMatchTheReference() {
        let old = FocusTable(.openHarmony500)
        let six = FocusTable(.openHarmony6)
        let types = FocusType.allCases.filter { old.cell(existing: $0, incoming: $0) != .none || $0 == .forceStop }
        #expect(types.count == 30)
        let pairs = FocusType.allCases.flatMap { e in FocusType.allCases.map { (e, $0) } }
        #expect(pairs.filter { old.cell(existing: $0.0, incoming: $0.1) != .none }.count == 899)
        let playback = pairs.filter { !$0.0.isRecording && !$0.1.isRecording }
        let changed = playback.filter {
            old.cell(existing: $0.0, incoming: $0.1) != six.cell(existing: $0.0, incoming: $0.1)
        }
        #expect(changed.count == 31)
        #expect(changed.allSatisfy { [.system, .dtmf, .notification, .voiceCallAssistant].contains($0.0) })
        #expect(old.cell(existing: .voiceCallAssistant, incoming: .accessibility) == .duckIncoming)
        #expect(six.cell(existing: .voiceCallAssistant, incoming: .accessibility) == .duckExisting)
        #expect(old.cell(existing: .voiceRecognition, incoming: .music) == .playBoth)
        #expect(old.cell(existing: .music, incoming: .camcorder) == FocusCell.none)
    }

    @Test("on API 12 a system tone that plays is stopped by music that starts; on API 14 both play")
    func systemToneStoppedOnApi12() throws {
        var api12 = try Phone([app("Settings", .system), app("Music", .music)], api: 12)
        api12.app("Settings", .start(nil))
        api12.app("Music", .start(nil))
        #expect(api12.takeTold() == ["Settings.player: audioInterrupt begin force stop"])
        #expect(api12.last?.decisions.contains { $0.rule == HarmonyRules.table500 } == true)
        var api14 = try Phone([app("Settings", .system), app("Music", .music)], api: 14)
        api14.app("Settings", .start(nil))
        api14.app("Music", .start(nil))
        #expect(api14.takeTold().isEmpty)
        #expect(api14.engine.focusHolders.count == 2)
    }

    @Test("a cell 5.0.0 shares with 6.0 cites the cell's own rule")
    func unchangedCellCitesItsRule() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)], api: 12)
        phone.app("Music", .start(nil))
        let outcome = phone.app("Video", .start(nil))
        #expect(outcome.decisions.contains { $0.rule == HarmonyRules.stopExisting })
        #expect(!outcome.decisions.contains { $0.rule == HarmonyRules.table500 })
    }

    @Test("a recording type 5.0.0 lacks has no cell: its start fails while another stream holds focus (§3.1)")
    func missingTypeFails() throws {
        let camera = HarmonyAppConfig(
            "Camera", streams: [StreamConfig("recorder", kind: .audioCapturer, source: .camcorder)])
        var phone = try Phone([app("Music", .music), camera], api: 13)
        phone.app("Music", .start(nil))
        let outcome = phone.app("Camera", .start(nil))
        #expect(outcome.result == .failed(code: 6_800_301, rule: HarmonyRules.table500))
        #expect(phone.stream("Camera", "recorder").state == .stopped)
        #expect(phone.takeTold().isEmpty, "a missing cell tells nobody")
    }
}
