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

    @Test("during a call every app's setCategory fails with insufficientPriority, playback and ambient too, active or not")
    func callRefusesEveryCategoryChange() throws {
        var h = try Harness([Apps.music, Apps.game, Apps.plain])
        h.system(.incomingCall)
        h.system(.answerCall)
        for (app, category) in [("Plain", Category.playback), ("Game", .playback), ("Music", .ambient),
                                ("Plain", .record), ("Music", .playback)] as [(AppID, Category)] {
            let outcome = h.app(app, .setCategory(category))
            #expect(outcome.error == SessionError(.insufficientPriority, .callRefusesCategoryChange), "\(app) \(category)")
            #expect(outcome.decisions.isEmpty)
        }
        #expect(h.session("Plain").category == .soloAmbient)
        #expect(h.session("Game").category == .ambient)
        #expect(h.session("Music").category == .playback)
        // An invalid combination fails with its own error first; setMode is not refused.
        #expect(h.app("Music", .setCategory(.playback, options: [.defaultToSpeaker])).failure == .badParam)
        #expect(h.app("Music", .setMode(.spokenAudio)).result == .succeeded)
        // Activating a playback session already set up stays allowed (reference §4.1).
        h.app("Music", .foreground)
        #expect(h.app("Music", .activate).result == .succeeded)
        h.system(.endCall, after: .seconds(60))
        #expect(h.app("Plain", .setCategory(.playback)).result == .succeeded)
        #expect(h.session("Plain").category == .playback)
    }

    @Test("a ringing call refuses setCategory only with the profile's ringingCallRefusesCategoryChange")
    func ringingCallAndCategoryChange() throws {
        for refuses in [false, true] {
            var profile = Profile()
            profile.ringingCallRefusesCategoryChange = refuses
            var h = try Harness([Apps.plain], profile: profile)
            h.system(.incomingCall)
            let outcome = h.app("Plain", .setCategory(.playback))
            if refuses {
                #expect(outcome.error == SessionError(.insufficientPriority, .ringingCallRefusesCategoryChange))
                #expect(h.session("Plain").category == .soloAmbient)
            } else {
                #expect(outcome.result == .succeeded)
                #expect(h.session("Plain").category == .playback)
            }
            h.system(.answerCall)
            #expect(h.app("Plain", .setCategory(.ambient)).error?.rule == .callRefusesCategoryChange)
        }
    }
}
