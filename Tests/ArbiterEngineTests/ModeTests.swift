import Testing

@testable import ArbiterEngine

@Suite("Modes (reference §3)")
struct ModeTests {
    @Test("each mode is valid for the categories the reference lists")
    func validCategories() {
        #expect(Mode.default.validCategories == Set(Category.allCases))
        #expect(Mode.voiceChat.validCategories == [.playAndRecord])
        #expect(Mode.gameChat.validCategories == [.playAndRecord])
        #expect(Mode.videoRecording.validCategories == [.playAndRecord, .record])
        #expect(Mode.measurement.validCategories == [.playAndRecord, .record, .playback])
        #expect(Mode.moviePlayback.validCategories == [.playback])
        #expect(Mode.spokenAudio.validCategories == [.playback])
        #expect(Mode.shortFormVideo.validCategories == [.playback])
        #expect(Mode.dualRoute.validCategories == [.multiRoute])
    }

    @Test("a session value's options in effect follow each change of its category, mode and options")
    func effectiveOptionsFollowEachInput() {
        var session = AudioSession()
        #expect(session.effectiveOptions.isEmpty)
        session.category = .playAndRecord
        session.mode = .videoChat
        #expect(session.effectiveOptions == [.allowBluetoothHFP, .defaultToSpeaker])
        session.options = [.duckOthers]
        #expect(session.effectiveOptions == [.allowBluetoothHFP, .defaultToSpeaker, .duckOthers, .mixWithOthers])
        session.category = .playback
        #expect(session.effectiveOptions == [.duckOthers, .mixWithOthers], "videoChat is not supported by playback")
        session.options = []
        session.category = .ambient
        #expect(session.effectiveOptions == [.mixWithOthers])
    }

    @Test("voiceChat implies allowBluetoothHFP; videoChat implies HFP and defaultToSpeaker")
    func impliedOptions() throws {
        var h = try Harness([AppConfig("App")])
        h.app("App", .setCategory(.playAndRecord, mode: .voiceChat))
        #expect(h.session("App").effectiveOptions == [.allowBluetoothHFP])
        h.app("App", .setCategory(.playAndRecord, mode: .videoChat))
        #expect(h.session("App").effectiveOptions == [.allowBluetoothHFP, .defaultToSpeaker])
        h.app("App", .setCategory(.playback, mode: .videoChat))
        #expect(h.session("App").effectiveOptions.isEmpty, "videoChat is not supported by playback")
    }
}
