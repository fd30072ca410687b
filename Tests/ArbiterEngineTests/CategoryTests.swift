import Testing
@testable import ArbiterEngine

@Suite("Categories (reference §1)")
struct CategoryTests {
    @Test("the category table: silenced, mixable, interrupts, input, output, background")
    func categoryTable() {
        // (silenced by switch & lock, mixable by default, interrupts non-mixable, input, output, background)
        let table: [(Category, Bool, Bool, Bool, Bool, Bool, Bool)] = [
            (.ambient, true, true, false, false, true, false),
            (.soloAmbient, true, false, true, false, true, false),
            (.playback, false, false, true, false, true, true),
            (.record, false, false, true, true, false, true),
            (.playAndRecord, false, false, true, true, true, true),
            (.multiRoute, false, false, true, true, true, true),
            (.audioProcessing, false, false, true, false, false, false),
        ]
        for (category, silenced, mixable, interrupts, input, output, background) in table {
            let traits = category.traits
            #expect(traits.silencedBySwitchAndLock == silenced, "\(category)")
            #expect(traits.mixableByDefault == mixable, "\(category)")
            #expect(traits.interruptsNonMixable == interrupts, "\(category)")
            #expect(traits.hasInput == input, "\(category)")
            #expect(traits.hasOutput == output, "\(category)")
            #expect(traits.playsInBackground == background, "\(category)")
        }
        #expect(table.map(\.0) == Category.allCases)
    }

    @Test("soloAmbient is the default category")
    func defaultCategory() throws {
        let h = try Harness([AppConfig("App")])
        #expect(h.session("App").category == .soloAmbient)
        #expect(h.session("App").isMixable == false)
        #expect(h.session("App").effectiveMode == .default)
    }

    @Test("ambient is always mixable; soloAmbient, playback, record, playAndRecord, multiRoute are not by default")
    func mixableByDefault() throws {
        for category in Category.allCases {
            var session = AudioSession()
            session.category = category
            #expect(session.isMixable == (category == .ambient), "\(category)")
        }
    }

    @Test("audioProcessing has no output: a player in it is never heard")
    func audioProcessingIsSilent() throws {
        var h = try Harness([AppConfig("Codec", category: .audioProcessing)])
        h.app("Codec", .play())
        #expect(h.playing("Codec"))
        #expect(!h.audible("Codec"))
        #expect(h.engine.audibility(of: "Codec")?.rule == .categoryHasNoOutput)
    }

    @Test("changing category on an active mixable session to a non-mixable one interrupts the other non-mixable session")
    func categoryChangeWhileActiveArbitrates() throws {
        var h = try Harness([Apps.music, AppConfig("Chat", category: .playback, options: [.mixWithOthers])])
        h.app("Music", .play())
        h.app("Chat", .foreground)
        h.app("Chat", .activate)
        #expect(h.session("Music").isActive)
        _ = h.takeNotifications()
        h.app("Chat", .setCategory(.playback))
        #expect(h.session("Music").isInterrupted)
        #expect(h.session("Music").interruption?.by == .app("Chat"))
        #expect(h.takeNotifications() == [
            Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
            Delivered(app: "Chat", kind: .routeChange(reason: .categoryChange,
                                                      previous: Route(outputs: [Port(.builtInSpeaker)]))),
            Delivered(app: "Chat", kind: .silenceSecondaryAudioHint(.end)),
        ])
    }

    @Test("a background app cannot make its active session non-mixable: cannotInterruptOthers")
    func backgroundCategoryChangeToNonMixable() throws {
        var h = try Harness([Apps.music, AppConfig("Chat", backgroundModes: [.audio], category: .playback,
                                                   options: [.mixWithOthers])])
        h.app("Music", .play())
        h.app("Chat", .activate)
        #expect(h.app("Chat", .setCategory(.playback)).failure == .cannotInterruptOthers)
        #expect(h.session("Chat").isMixable)
        #expect(h.session("Music").isActive)
    }

    @Test("during a call an active session cannot switch to playAndRecord: insufficientPriority")
    func categoryChangeDuringCall() throws {
        var h = try Harness([Apps.music])
        h.system(.incomingCall)
        h.system(.answerCall)
        h.app("Music", .play())
        #expect(h.app("Music", .setCategory(.playAndRecord)).failure == .insufficientPriority)
        #expect(h.session("Music").category == .playback)
    }
}
