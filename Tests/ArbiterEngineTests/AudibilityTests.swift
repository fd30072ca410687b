import Testing

@testable import ArbiterEngine

@Suite("Silent switch, screen lock and recording (reference §1)")
struct AudibilityTests {
    @Test(
        "the Silent switch silences ambient and soloAmbient; their players keep playing",
        arguments: [Category.ambient, .soloAmbient])
    func silentSwitchSilences(category: Category) throws {
        var h = try Harness([AppConfig("App", category: category)])
        h.app("App", .play())
        #expect(h.audible("App"))
        let outcome = h.device(.ringer(.silent))
        #expect(h.playing("App"))
        #expect(!h.audible("App"))
        #expect(outcome.rule(for: .audible(false), of: "App") == .silentSwitch)
        h.device(.ringer(.ring))
        #expect(h.audible("App"))
    }

    @Test(
        "the Silent switch does not silence playback, playAndRecord or multiRoute",
        arguments: [Category.playback, .playAndRecord, .multiRoute])
    func silentSwitchSpares(category: Category) throws {
        var h = try Harness([AppConfig("App", category: category)], device: DeviceConfig(ringer: .silent))
        h.app("App", .play())
        #expect(h.audible("App"))
    }

    @Test("screen lock silences ambient and soloAmbient, not playback", arguments: Category.allCases)
    func screenLock(category: Category) throws {
        var h = try Harness([AppConfig("App", backgroundModes: [.audio], category: category)])
        h.app("App", .play())
        h.device(.lock)
        let expected = category.traits.hasOutput && !category.traits.silencedBySwitchAndLock
        #expect(h.audible("App") == expected)
        #expect(h.playing("App"))
        if category == .ambient || category == .soloAmbient {
            #expect(h.engine.audibility(of: "App")?.rule == .screenLock)
        }
        h.device(.unlock)
        #expect(h.audible("App") == category.traits.hasOutput)
    }

    @Test("an active record session silences other output, even mixable output")
    func recordSilencesOthers() throws {
        var h = try Harness([
            Apps.recorder,
            AppConfig(
                "Mixer", backgroundModes: [.audio], category: .playback,
                options: [.mixWithOthers]),
        ])
        h.app("Mixer", .play())
        #expect(h.audible("Mixer"))
        let outcome = h.app("Recorder", .record)
        #expect(outcome.result == .succeeded)
        #expect(h.playing("Mixer"))
        #expect(!h.audible("Mixer"))
        #expect(outcome.rule(for: .audible(false), of: "Mixer") == .recordSilencesOutput)
        h.app("Recorder", .stopRecording)
        h.app("Recorder", .deactivate())
        #expect(h.audible("Mixer"))
    }

    @Test("with the Silent switch on silent and the screen locked, playback needs the audio background mode")
    func silentAndLocked() throws {
        var h = try Harness(
            [AppConfig("Talk", category: .playback), Apps.music],
            device: DeviceConfig(ringer: .silent))
        h.app("Talk", .play())
        h.device(.lock)
        #expect(!h.audible("Talk"))
        #expect(h.engine.audibility(of: "Talk")?.rule == .silentAndLockedNeedsAudioMode)
        h.device(.ringer(.ring))
        #expect(h.audible("Talk"), "locked with the ringer on: playback is not silenced")
        var music = try Harness([Apps.music], device: DeviceConfig(ringer: .silent, locked: true))
        music.app("Music", .play())
        #expect(music.audible("Music"))
    }
}
