import ArbiterEngine
import Testing

@testable import ArbiterHarmony

@Suite("HarmonyOS: the default focus table between two apps (harmonyos §3, §5, §6)")
struct FocusTableTests {
    @Test("the table's text has a cell for every pair, and reads as the reference's")
    func tableIsComplete() {
        for version in FocusTableVersion.allCases { #expect(FocusTable(version).isComplete) }
        let table = FocusTable(.openHarmony6)
        #expect(table.cell(existing: .music, incoming: .movie) == .stopExisting)
        #expect(table.cell(existing: .music, incoming: .navigation) == .duckExisting)
        #expect(table.cell(existing: .voiceCall, incoming: .voiceCommunication) == .pauseIncoming)
        #expect(table.cell(existing: .forceStop, incoming: .forceStop) == FocusCell.none)
        #expect(table.cell(existing: .alarm, incoming: .music) == .stopExisting)
        #expect(FocusTable(.master).cell(existing: .alarm, incoming: .music) == .duckIncoming)
    }

    @Test("a movie over music stops it: BEGIN FORCE STOP, out of the focus list, and nothing more")
    func movieStopsMusic() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)])
        phone.app("Music", .start(nil))
        #expect(phone.takeTold().isEmpty)
        phone.app("Video", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force stop"])
        #expect(phone.stream("Music", "player").state == .stopped && phone.stream("Music", "player").focus == nil)
        phone.app("Video", .stop(nil))
        #expect(phone.takeTold().isEmpty, "a stopped stream hears nothing more")
    }

    @Test("navigation ducks music to 0.2 and unducks it when it stops; music that starts during it is ducked")
    func navigationDucks() throws {
        var phone = try Phone([app("Music", .music), app("Maps", .navigation)])
        phone.app("Music", .start(nil))
        phone.app("Maps", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force duck"])
        #expect(phone.stream("Music", "player").volume == 0.2 && phone.stream("Music", "player").state == .running)
        phone.app("Maps", .stop(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end force unduck"])
        #expect(phone.stream("Music", "player").volume == 1)

        phone.app("Music", .stop(nil))
        phone.app("Maps", .start(nil))
        phone.app("Music", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force duck"])
        #expect(phone.stream("Music", "player").volume == 0.2)
    }

    @Test("a VoIP call pauses music and resumes it with a shared RESUME: the app must start again")
    func voipPausesAndResumes() throws {
        var phone = try Phone([app("Music", .music), app("Chat", .voiceCommunication)])
        phone.app("Music", .start(nil))
        phone.app("Chat", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force pause"])
        #expect(phone.stream("Music", "player").state == .paused)
        let refused = phone.app("Music", .pause(nil))
        #expect(refused.result == .failed(code: 6_800_103, rule: HarmonyRules.forcePausedPauseRefused))
        phone.app("Chat", .stop(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end share resume"])
        #expect(phone.stream("Music", "player").state == .paused, "the system does not restart it")
        #expect(phone.stream("Music", "player").focus == nil, "RESUME takes it out of the focus list")
    }

    @Test("an app that starts again on RESUME plays again")
    func reactionStartsAgain() throws {
        var phone = try Phone([app("Music", .music, reactions: [.resume: .start]), app("Chat", .voiceCommunication)])
        phone.app("Music", .start(nil))
        phone.app("Chat", .start(nil))
        phone.app("Chat", .stop(nil))
        #expect(phone.stream("Music", "player").state == .running)
        #expect(phone.engine.focusHolders == [StreamOwner("Music", "player")])
    }

    @Test("music and a game play together")
    func gameMixes() throws {
        var phone = try Phone([app("Music", .music), app("Game", .game)])
        phone.app("Music", .start(nil))
        phone.app("Game", .start(nil))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusHolders.count == 2)
    }

    @Test("a cellular call pauses music; answering it stops the ring without a RESUME; hanging up resumes")
    func cellularCall() throws {
        var phone = try Phone([app("Music", .music)])
        phone.app("Music", .start(nil))
        phone.system(.incomingCall)
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force pause"])
        phone.system(.answerCall)
        #expect(phone.takeTold().isEmpty)
        phone.system(.endCall)
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end share resume"])
    }

    @Test("a VoIP stream that starts during a cellular call is queued paused, and resumed when the call ends")
    func voipDuringCall() throws {
        var phone = try Phone([app("Chat", .voiceCommunication)])
        phone.system(.incomingCall)
        phone.system(.answerCall)
        let start = phone.app("Chat", .start(nil))
        #expect(start.result == .failed(code: 6_800_301, rule: HarmonyRules.pauseIncoming))
        #expect(phone.takeTold() == ["Chat.player: audioInterrupt begin force pause"])
        phone.system(.endCall)
        #expect(phone.takeTold() == ["Chat.player: audioInterrupt end share resume"])
    }

    @Test("a voice assistant that starts during a VoIP call is denied: start fails and it is told STOP")
    func assistantDeniedDuringVoip() throws {
        var phone = try Phone([app("Chat", .voiceCommunication), app("Helper", .voiceAssistant)])
        phone.app("Chat", .start(nil))
        let start = phone.app("Helper", .start(nil))
        #expect(start.result == .failed(code: 6_800_301, rule: HarmonyRules.denyIncoming))
        #expect(phone.takeTold() == ["Helper.player: audioInterrupt begin force stop"])
    }

    @Test("an alarm pauses a video; media that starts while an alarm rings stops it (6.0), or is ducked (master)")
    func alarm() throws {
        var phone = try Phone([app("Video", .movie)])
        phone.app("Video", .start(nil))
        phone.system(.alarmBegin)
        #expect(phone.takeTold() == ["Video.player: audioInterrupt begin force pause"])
        phone.system(.alarmEnd)
        #expect(phone.takeTold() == ["Video.player: audioInterrupt end share resume"])

        var six = try Phone([app("Music", .music)])
        six.system(.alarmBegin)
        six.app("Music", .start(nil))
        #expect(six.engine.focusHolders == [StreamOwner("Music", "player")], "the alarm was stopped")
        var profile = HarmonyProfile()
        profile.focusTable = .master
        var master = try Phone([app("Music", .music)], profile: profile)
        master.system(.alarmBegin)
        master.app("Music", .start(nil))
        #expect(master.takeTold() == ["Music.player: audioInterrupt begin force duck"])
        #expect(master.engine.focusHolders.count == 2)
    }
}
