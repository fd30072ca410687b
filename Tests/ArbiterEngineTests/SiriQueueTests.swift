import Testing
@testable import ArbiterEngine

@Suite("Remote commands while Siri holds the session (reference §5.2, ASPG14 p.27)")
struct SiriQueueTests {
    static let podcasts = AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                                    remoteCommands: [.play, .pause],
                                    reactions: [.interruptionEnded: .resumeIfShouldResume, .remote(.pause): .pause])

    @Test("a command during Siri is delivered, kept, and applied after the app has reacted to Siri's end")
    func keptUntilSiriEnds() throws {
        var h = try Harness([Self.podcasts])
        h.app("Podcasts", .play())
        h.system(.siriBegin)
        let during = h.system(.remote(.pause))
        #expect(during.decisions.contains { $0.change == .remoteQueued(.pause) && $0.rule == .siriQueuesCommands })
        #expect(!during.decisions.contains { if case .remoteHandled = $0.change { true } else { false } })
        let end = h.system(.siriEnd)
        #expect(!h.playing("Podcasts"), "the kept pause comes after the resume the end caused")
        #expect(end.decisions.contains { $0.change == .remoteApplied(.pause) })
        #expect(h.takeNotifications().filter { if case .remoteCommand = $0.kind { true } else { false } }.count == 1,
                "told once, when the command arrived")
        h.system(.siriBegin)
        let again = h.system(.siriEnd)
        #expect(!again.decisions.contains { $0.change == .remoteApplied(.pause) }, "nothing is kept twice")
    }

    @Test("without Siri a command is applied at once")
    func appliedAtOnce() throws {
        var h = try Harness([Self.podcasts])
        h.app("Podcasts", .play())
        let outcome = h.system(.remote(.pause))
        #expect(!h.playing("Podcasts"))
        #expect(outcome.decisions.contains { $0.change == .remoteHandled(.pause, .success) })
    }
}
