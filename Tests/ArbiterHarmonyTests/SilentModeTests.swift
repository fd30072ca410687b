import ArbiterEngine
import Testing

@testable import ArbiterHarmony

@Suite("HarmonyOS: mute-play concurrency, a stream in silent mode (harmonyos §10)")
struct SilentModeTests {
    let apps = [app("Music", .music), app("Video", .movie, kind: .audioRenderer)]

    @Test("the silent model follows the API level: no focus to API 15, a SILENT entry from API 18")
    func modelByApiLevel() {
        #expect(HarmonyProfile(api: 12).silentModel == .noFocus)
        #expect(HarmonyProfile(api: 15).silentModel == .noFocus)
        #expect(HarmonyProfile(api: 18).silentModel == .silentStrategy)
        #expect(HarmonyProfile(api: 20).silentModel == .silentStrategy)
    }

    @Test("API 12: a silent movie starts without focus and stops nobody; turned audible, it stops the music")
    func noFocusThenAudible() throws {
        var phone = try Phone(apps, api: 12)
        phone.app("Music", .start(nil))
        phone.app("Video", .setSilentMode(nil, true))
        let start = phone.app("Video", .start(nil))
        #expect(start.result == .success)
        #expect(start.decisions.map(\.rule) == [HarmonyRules.silentNoFocus])
        #expect(phone.takeTold().isEmpty)
        #expect(phone.stream("Video", "player").state == .running && phone.stream("Video", "player").focus == nil)
        #expect(phone.stream("Video", "player").silent)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active"])

        phone.app("Video", .setSilentMode(nil, false))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force stop"])
        #expect(phone.engine.focusList.map(\.description) == ["Video.player active"])
    }

    @Test("API 12: nothing acts on a silent stream, for it has no entry")
    func noFocusIsNotActedOn() throws {
        var phone = try Phone(apps, api: 12)
        phone.app("Music", .setSilentMode(nil, true))
        phone.app("Music", .start(nil))
        phone.app("Video", .start(nil))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.stream("Music", "player").state == .running)
    }

    @Test("API 12: going silent while running releases the focus: the stream it ducked is unducked")
    func noFocusSilenceReleases() throws {
        var phone = try Phone(
            [app("Music", .music), app("Maps", .navigation, kind: .audioRenderer)], api: 12)
        phone.app("Music", .start(nil))
        phone.app("Maps", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force duck"])
        phone.app("Maps", .setSilentMode(nil, true))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end force unduck"])
        #expect(phone.stream("Maps", "player").state == .running && phone.stream("Maps", "player").focus == nil)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active"])
    }

    @Test("API 18: a silent movie holds a SILENT entry that mixes both ways; turned audible, it asks again")
    func silentStrategy() throws {
        var phone = try Phone(apps, api: 18)
        phone.app("Music", .start(nil))
        phone.app("Video", .setSilentMode(nil, true))
        let start = phone.app("Video", .start(nil))
        #expect(start.decisions.contains { $0.rule == HarmonyRules.silentMixes })
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active", "Video.player active"])

        phone.app("Video", .setSilentMode(nil, false))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force stop"])
        #expect(phone.engine.focusList.map(\.description) == ["Video.player active"])
        #expect(!phone.stream("Video", "player").silent)
    }

    @Test("API 18: a silent entry is not acted on by a stream that starts after it")
    func silentEntryNotActedOn() throws {
        var phone = try Phone(apps, api: 18)
        phone.app("Music", .setSilentMode(nil, true))
        phone.app("Music", .start(nil))
        phone.app("Video", .start(nil))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active", "Video.player active"])
    }

    @Test("API 18: going silent while ducking another releases the duck and asks again as SILENT")
    func silentStrategySilenceReleases() throws {
        var phone = try Phone([app("Music", .music), app("Maps", .navigation)], api: 20)
        phone.app("Music", .start(nil))
        phone.app("Maps", .start(nil))
        _ = phone.takeTold()
        phone.app("Maps", .setSilentMode(nil, true))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end force unduck"])
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active", "Maps.player active"])
    }

    @Test("silent mode on a SoundPool or a capturer is refused")
    func onlyRenderersAndPlayers() throws {
        let clicks = app("Clicks", .game, kind: .soundPool)
        var phone = try Phone([clicks])
        let outcome = phone.app("Clicks", .setSilentMode(nil, true))
        #expect(outcome.rejection?.contains("Clicks has no AudioRenderer or AVPlayer") == true)
        let named = phone.app("Clicks", .setSilentMode("player", true))
        #expect(named.rejection?.contains("Clicks.player is a soundPool") == true)
    }
}

@Suite("HarmonyOS: a renderer started at volume 0 (harmonyos §10, API 20)")
struct ZeroVolumeTests {
    let apps = [app("Music", .music), app("Video", .movie, kind: .audioRenderer)]

    @Test("API 20: a movie started at volume 0 mixes; raised while it runs, it asks again and stops the music")
    func zeroVolumeStart() throws {
        #expect(HarmonyProfile(api: 18).zeroVolumeIsSilent == false)
        var phone = try Phone(apps, api: 20)
        phone.app("Music", .start(nil))
        phone.app("Video", .setVolume(nil, 0))
        let start = phone.app("Video", .start(nil))
        #expect(start.decisions.contains { $0.rule == HarmonyRules.zeroVolumeSilent })
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active", "Video.player active"])

        phone.app("Video", .setVolume(nil, 0.5))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force stop"])
        #expect(phone.stream("Video", "player").appVolume == 0.5)
        phone.app("Video", .setVolume(nil, 1))
        #expect(phone.last?.decisions.map(\.change) == [.appVolume(1)], "raised from above 0: no new request")
    }

    @Test("API 18, or a volume lowered to 0 only after the start: the table as usual")
    func notSilent() throws {
        var api18 = try Phone(apps, api: 18)
        api18.app("Music", .start(nil))
        api18.app("Video", .setVolume(nil, 0))
        api18.app("Video", .start(nil))
        #expect(api18.takeTold() == ["Music.player: audioInterrupt begin force stop"])

        var lowered = try Phone(apps, api: 20)
        lowered.app("Video", .start(nil))
        lowered.app("Video", .setVolume(nil, 0))
        lowered.app("Video", .stop(nil))
        lowered.app("Music", .start(nil))
        lowered.app("Video", .start(nil))
        #expect(lowered.takeTold() == ["Music.player: audioInterrupt begin force stop"], "volume 0 set while stopped")
    }
}
