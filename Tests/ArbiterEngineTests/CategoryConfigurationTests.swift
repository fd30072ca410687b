import Testing

@testable import ArbiterEngine

@Suite("Category configuration: setCategory and setMode, the options each category takes (reference §1, §2, §3)")
struct CategoryConfigurationTests {
    /// Sets `category` with `options` on a fresh app and returns the outcome and the session after it.
    private func set(_ category: Category, _ options: CategoryOptions, mode: Mode? = nil) throws -> (
        Outcome, AudioSession
    ) {
        var h = try Harness([AppConfig("App")])
        let outcome = h.app("App", .setCategory(category, mode: mode, options: options))
        return (outcome, h.session("App"))
    }

    @Test(
        "defaultToSpeaker outside playAndRecord fails with badParam (-50)",
        arguments: [Category.ambient, .soloAmbient, .playback, .record, .multiRoute])
    func defaultToSpeakerOutsidePlayAndRecord(category: Category) throws {
        let (outcome, session) = try set(category, [.defaultToSpeaker])
        #expect(outcome.failure == .badParam)
        #expect(outcome.error?.rule == .defaultToSpeakerOnlyPlayAndRecord)
        #expect(ErrorCode.badParam.osStatus == -50)
        #expect(session.category == .soloAmbient, "a failed setCategory leaves the previous configuration in force")
    }

    @Test("defaultToSpeaker is accepted with playAndRecord")
    func defaultToSpeakerWithPlayAndRecord() throws {
        let (outcome, session) = try set(.playAndRecord, [.defaultToSpeaker])
        #expect(outcome.result == .succeeded)
        #expect(session.options == [.defaultToSpeaker])
    }

    @Test(
        "explicit allowAirPlay on an output-only category fails with unspecified ('what')",
        arguments: [Category.ambient, .soloAmbient, .playback])
    func explicitAirPlayOnOutputOnly(category: Category) throws {
        let (outcome, _) = try set(category, [.allowAirPlay])
        #expect(outcome.failure == .unspecified)
        #expect(ErrorCode.unspecified.osStatus == 2_003_329_396)
    }

    @Test("allowAirPlay is cleared without error on record and multiRoute", arguments: [Category.record, .multiRoute])
    func airPlayClearedOnRecord(category: Category) throws {
        let (outcome, session) = try set(category, [.allowAirPlay])
        #expect(outcome.result == .succeeded)
        #expect(session.options.isEmpty)
    }

    @Test(
        "a declared configuration reads back as setCategory leaves it (allowAirPlay cleared on record)",
        arguments: [Category.record, .multiRoute, .playback])
    func declaredOptionsNormalized(category: Category) throws {
        let declared: CategoryOptions = category == .playback ? [.allowBluetoothA2DP] : [.allowAirPlay]
        let h = try Harness([AppConfig("App", category: category, options: declared)])
        var set = try Harness([AppConfig("App")])
        set.app("App", .setCategory(category, options: declared))
        #expect(h.engine.app("App")!.session.options.isEmpty)
        #expect(h.engine.app("App")!.session.options == set.engine.app("App")!.session.options)
        #expect(h.engine.app("App")!.session.effectiveOptions == set.engine.app("App")!.session.effectiveOptions)
    }

    @Test("mixWithOthers is settable only on playback, playAndRecord and multiRoute; implicit on ambient")
    func mixWithOthersPerCategory() throws {
        for category in [Category.playback, .playAndRecord, .multiRoute] {
            let (outcome, session) = try set(category, [.mixWithOthers])
            #expect(outcome.result == .succeeded, "\(category)")
            #expect(session.isMixable, "\(category)")
        }
        let (ambient, ambientSession) = try set(.ambient, [.mixWithOthers])
        #expect(ambient.result == .succeeded)
        #expect(ambientSession.isMixable)
        for category in [Category.soloAmbient, .record] {
            let (outcome, _) = try set(category, [.mixWithOthers])
            #expect(outcome.failure == .badParam, "\(category)")
        }
    }

    @Test("allowBluetoothHFP only with record and playAndRecord (and multiRoute in dualRoute mode)")
    func bluetoothHFP() throws {
        #expect(try set(.record, [.allowBluetoothHFP]).0.result == .succeeded)
        #expect(try set(.playAndRecord, [.allowBluetoothHFP]).0.result == .succeeded)
        #expect(try set(.playback, [.allowBluetoothHFP]).0.failure == .badParam)
        #expect(try set(.multiRoute, [.allowBluetoothHFP]).0.failure == .badParam)
        #expect(try set(.multiRoute, [.allowBluetoothHFP], mode: .dualRoute).0.result == .succeeded)
    }

    @Test(
        "allowBluetoothA2DP: settable on playAndRecord, implicit on output-only categories, refused on record and multiRoute"
    )
    func bluetoothA2DP() throws {
        #expect(try set(.playAndRecord, [.allowBluetoothA2DP]).1.options == [.allowBluetoothA2DP])
        let (playback, session) = try set(.playback, [.allowBluetoothA2DP])
        #expect(playback.result == .succeeded)
        #expect(session.options.isEmpty)
        #expect(try set(.record, [.allowBluetoothA2DP]).0.failure == .badParam)
        #expect(try set(.multiRoute, [.allowBluetoothA2DP]).0.failure == .badParam)
    }

    @Test("duckOthers and interruptSpokenAudioAndMixWithOthers imply mixing")
    func implications() throws {
        #expect(try set(.playback, [.duckOthers]).1.isMixable)
        #expect(try set(.playback, [.duckOthers]).1.effectiveOptions == [.mixWithOthers, .duckOthers])
        #expect(try set(.playback, [.interruptSpokenAudioAndMixWithOthers]).1.isMixable)
        #expect(try set(.playback, []).1.isMixable == false)
    }

    @Test("duckOthers on ambient follows the header (accepted) unless the profile says otherwise")
    func duckOthersOnAmbient() throws {
        #expect(try set(.ambient, [.duckOthers]).0.result == .succeeded)
        var profile = Profile()
        profile.ambientCanDuckOthers = false
        var h = try Harness([AppConfig("App")], profile: profile)
        #expect(h.app("App", .setCategory(.ambient, options: [.duckOthers])).failure == .badParam)
    }

    @Test("interruptSpokenAudioAndMixWithOthers and duckOthers are refused by soloAmbient and record")
    func mixingOptionsRefused() throws {
        for category in [Category.soloAmbient, .record] {
            #expect(try set(category, [.duckOthers]).0.failure == .badParam, "\(category)")
            #expect(try set(category, [.interruptSpokenAudioAndMixWithOthers]).0.failure == .badParam, "\(category)")
        }
        #expect(try set(.ambient, [.interruptSpokenAudioAndMixWithOthers]).0.failure == .badParam)
    }

    @Test("input-only options fail on output-only categories")
    func inputOptions() throws {
        #expect(try set(.playback, [.overrideMutedMicrophoneInterruption]).0.failure == .badParam)
        #expect(try set(.playAndRecord, [.overrideMutedMicrophoneInterruption]).0.result == .succeeded)
        #expect(try set(.ambient, [.bluetoothHighQualityRecording]).0.failure == .badParam)
    }

    @Test("farFieldInput needs allowBluetoothHFP")
    func farFieldInput() throws {
        let (withoutHFP, _) = try set(.playAndRecord, [.farFieldInput])
        #expect(withoutHFP.failure == .badParam)
        #expect(withoutHFP.error?.rule == .farFieldInputNeedsHFP)
        #expect(try set(.playAndRecord, [.farFieldInput, .allowBluetoothHFP]).0.result == .succeeded)
        #expect(try set(.playAndRecord, [.farFieldInput], mode: .voiceChat).0.result == .succeeded)
        #expect(try set(.playback, [.farFieldInput]).0.failure == .badParam)
    }

    @Test("audioProcessing takes no option")
    func audioProcessingTakesNoOption() throws {
        for option in CategoryOption.allCases {
            #expect(try set(.audioProcessing, [option]).0.failure == .badParam, "\(option)")
        }
        #expect(try set(.audioProcessing, []).0.result == .succeeded)
    }

    @Test("options do not survive a category change")
    func optionsNotSticky() throws {
        var h = try Harness([AppConfig("App")])
        h.app("App", .setCategory(.playback, options: [.mixWithOthers, .duckOthers]))
        #expect(h.session("App").options == [.mixWithOthers, .duckOthers])
        h.app("App", .setCategory(.playAndRecord))
        #expect(h.session("App").options.isEmpty)
        #expect(!h.session("App").isMixable)
    }

    @Test("a failed setCategory leaves the previous configuration, and the Silent switch still silences it")
    func failedSetCategoryKeepsPrevious() throws {
        var h = try Harness([AppConfig("App")], device: DeviceConfig(ringer: .silent))
        let outcome = h.app("App", .setCategory(.playback, options: [.defaultToSpeaker]))
        #expect(outcome.failure == .badParam)
        #expect(outcome.decisions.isEmpty)
        h.app("App", .play())
        #expect(h.session("App").category == .soloAmbient)
        #expect(!h.audible("App"))
        #expect(h.engine.audibility(of: "App")?.rule == .silentSwitch)
    }

    @Test("an app declared with a configuration iOS refuses is a setup error")
    func invalidDeclaration() {
        #expect(throws: SetupError.self) {
            try Engine(Setup(apps: [AppConfig("App", category: .playback, options: [.defaultToSpeaker])]))
        }
    }

    @Test("a mode the category does not support is accepted and behaves as default")
    func unsupportedModeBehavesAsDefault() throws {
        var h = try Harness([AppConfig("App")])
        let outcome = h.app("App", .setCategory(.multiRoute, mode: .gameChat))
        #expect(outcome.result == .succeeded)
        #expect(h.session("App").mode == .gameChat)
        #expect(h.session("App").effectiveMode == .default)
        #expect(
            outcome.rule(for: .modeDowngraded(requested: .gameChat, effective: .default), of: "App")
                == .unsupportedModeBehavesAsDefault)
    }

    @Test("setMode keeps the category and the options")
    func setModeKeepsOptions() throws {
        var h = try Harness([AppConfig("App")])
        h.app("App", .setCategory(.playback, options: [.duckOthers]))
        h.app("App", .setMode(.spokenAudio))
        #expect(h.session("App").category == .playback)
        #expect(h.session("App").options == [.duckOthers])
        #expect(h.session("App").effectiveMode == .spokenAudio)
    }

    @Test("setCategory without a mode keeps the mode")
    func setCategoryKeepsMode() throws {
        var h = try Harness([AppConfig("App", category: .playback, mode: .spokenAudio)])
        h.app("App", .setCategory(.playback, options: [.mixWithOthers]))
        #expect(h.session("App").mode == .spokenAudio)
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

    @Test(
        "during a call every app's setCategory fails with insufficientPriority, playback and ambient too, active or not"
    )
    func callRefusesEveryCategoryChange() throws {
        var h = try Harness([Apps.music, Apps.game, Apps.plain])
        h.system(.incomingCall)
        h.system(.answerCall)
        for (app, category) in [
            ("Plain", Category.playback), ("Game", .playback), ("Music", .ambient),
            ("Plain", .record), ("Music", .playback),
        ] as [(AppID, Category)] {
            let outcome = h.app(app, .setCategory(category))
            #expect(
                outcome.error == SessionError(.insufficientPriority, .callRefusesCategoryChange), "\(app) \(category)")
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

    @Test(
        "changing category on an active mixable session to a non-mixable one interrupts the other non-mixable session")
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
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
                Delivered(
                    app: "Chat",
                    kind: .routeChange(
                        reason: .categoryChange,
                        previous: Route(outputs: [Port(.builtInSpeaker)]))),
                Delivered(app: "Chat", kind: .silenceSecondaryAudioHint(.end)),
            ])
    }

    @Test("a background app cannot make its active session non-mixable: cannotInterruptOthers")
    func backgroundCategoryChangeToNonMixable() throws {
        var h = try Harness([
            Apps.music,
            AppConfig(
                "Chat", backgroundModes: [.audio], category: .playback,
                options: [.mixWithOthers]),
        ])
        h.app("Music", .play())
        h.app("Chat", .activate)
        #expect(h.app("Chat", .setCategory(.playback)).failure == .cannotInterruptOthers)
        #expect(h.session("Chat").isMixable)
        #expect(h.session("Music").isActive)
    }
}
