import ArbiterEngine
import Testing

@testable import ArbiterScenario

@Suite("ScenarioParser")
struct ScenarioParserTests {
    func parse(_ text: String) -> Result<Scenario, ScenarioErrors> { ScenarioParser.parse(text, file: "t.yaml") }

    func errors(_ text: String) -> [String] {
        switch parse(text) {
        case .success: return []
        case .failure(let errors): return errors.diagnostics.map(\.description)
        }
    }

    @Test("a full scenario decodes into its setup and timed steps")
    func decodes() throws {
        let text = """
            scenario: Example
            ios: 16
            profile: { duckLevel: 0.3, duckRamp: 500ms }
            device: { accessories: [wiredHeadphones, { accessory: bluetoothHeadphones, name: AirPods }], ringer: silent }
            apps:
              Music:
                backgroundModes: [audio]
                category: playback
                players: { main: avPlayer, video: { kind: playerViewController, title: Intro, duration: 90 } }
                remoteCommands: [play, pause]
                reactions: { interruptionEnded: resumeIfShouldResume, remote.pause: pause }
            steps:
              - Music: play
              - after: 10s
                system: incomingCall
              - at: 1m
                Music: { deactivate: { notifyOthers: true } }
              - expect:
                  Music: { playing: false, players: { video: stopped } }
                  route: { outputs: [bluetoothA2DP] }
            """
        let scenario = try parse(text).get()
        #expect(scenario.title == "Example")
        #expect(scenario.setup.ios == 16)
        #expect(scenario.setup.profile.duckLevel == 0.3)
        #expect(scenario.setup.profile.duckRamp == .ms(500))
        #expect(scenario.setup.device.ringer == .silent)
        #expect(
            scenario.setup.device.accessories == [
                AccessorySpec(.wiredHeadphones),
                AccessorySpec(.bluetoothHeadphones, name: "AirPods"),
            ])
        let music = try #require(scenario.setup.apps.first)
        #expect(music.players.map(\.kind) == [.avPlayer, .playerViewController])
        #expect(music.players[1].items == [PlayerItem(title: "Intro", duration: 90)])
        #expect(music.reactions[.remote(.pause)] == .pause)
        #expect(scenario.steps.map(\.time) == [.zero, .seconds(10), .seconds(60), .seconds(60)])
        #expect(scenario.steps[1].position == SourcePosition(file: "t.yaml", line: 15, column: 5))
        guard case .event(.app("Music", .deactivate(notifyOthers: true)), nil) = scenario.steps[2].action else {
            Issue.record("step 3 is \(scenario.steps[2].action)")
            return
        }
    }

    @Test("a file with several errors reports all of them, in file order")
    func severalErrors() {
        let found = errors(
            """
            scenario: x
            apps:
              Music: { category: playbak }
            steps:
              - Music: plya
              - Maps: play
            """)
        #expect(
            found == [
                "t.yaml:3:22: error: unknown category 'playbak' (did you mean 'playback'?); expected one of: ambient, "
                    + "soloAmbient, playback, record, playAndRecord, multiRoute, audioProcessing",
                "t.yaml:5:12: error: unknown app verb 'plya' (did you mean 'play'?); expected one of: activate, deactivate, "
                    + "setCategory, setMode, play, pause, stop, record, stopRecording, background, foreground, terminate, "
                    + "launch, overrideOutput, preferInput, nowPlayingInfo, enableCommands, disableCommands, seek, "
                    + "rate, nextTrack, detachVideo, attachVideo, setPrefersInterruptionOnRouteDisconnect, "
                    + "setPrefersNoInterruptionsFromSystemAlerts, voiceProcessing",
                "t.yaml:6:5: error: unknown app or action 'Maps'; expected one of the apps (Music), device, system or expect",
            ])
    }

    @Test("verbs that take no argument refuse one; verbs that need one say so")
    func arguments() {
        #expect(
            errors("scenario: x\napps: {A: {}}\nsteps:\n  - A: { activate: now }\n")
                == ["t.yaml:4:20: error: 'activate' takes no argument; expected just 'activate'"])
        #expect(
            errors("scenario: x\napps: {A: {}}\nsteps:\n  - device: ringer\n")
                == ["t.yaml:4:13: error: ringer needs a position; expected { ringer: silent } or { ringer: ring }"])
    }

    @Test("a repeated key is reported where it repeats, with where the first one is")
    func repeatedKeys() {
        #expect(
            errors("scenario: x\napps: {}\napps: {}\nsteps: []\n")
                == ["t.yaml:3:1: error: the key 'apps' is already in this mapping (at 2:1); expected each key once"])
        // In a flow mapping on one line, quoted, a third time, and in two mappings at once.
        #expect(
            errors(
                """
                scenario: x
                apps:
                  Music: { category: playback, mode: default, "category": ambient }
                  Maps: {}
                steps:
                  - Music: play
                    at: 1s
                    at: 2s
                    at: 3s
                """) == [
                    "t.yaml:3:47: error: the key 'category' is already in this mapping (at 3:12); expected each key once",
                    "t.yaml:8:5: error: the key 'at' is already in this mapping (at 7:5); expected each key once",
                    "t.yaml:9:5: error: the key 'at' is already in this mapping (at 8:5); expected each key once",
                ])
        // Nested: the inner repeat, under a key that is not repeated.
        #expect(
            errors("scenario: x\napps:\n  Music:\n    players: { main: avPlayer, main: audioPlayer }\nsteps: []\n")
                == ["t.yaml:4:32: error: the key 'main' is already in this mapping (at 4:16); expected each key once"])
    }

    @Test("a mistake is one error: a misspelt category is not also a category that refuses the options")
    func oneErrorPerMistake() {
        #expect(
            errors("scenario: x\napps: {A: {category: playbak, options: [duckOthers]}}\nsteps: []\n")
                == [
                    "t.yaml:2:22: error: unknown category 'playbak' (did you mean 'playback'?); expected one of: ambient, "
                        + "soloAmbient, playback, record, playAndRecord, multiRoute, audioProcessing"
                ])
        #expect(
            errors("scenario: x\napps: {A: {}}\nsteps:\n  - A: lock\n")
                == [
                    "t.yaml:4:8: error: 'lock' is a device verb, not an app verb; expected one of: activate, deactivate, "
                        + "setCategory, setMode, play, pause, stop, record, stopRecording, background, foreground, terminate, "
                        + "launch, overrideOutput, preferInput, nowPlayingInfo, enableCommands, disableCommands, seek, rate, "
                        + "nextTrack, detachVideo, attachVideo, setPrefersInterruptionOnRouteDisconnect, "
                        + "setPrefersNoInterruptionsFromSystemAlerts, voiceProcessing"
                ])
    }

    @Test("an unknown reaction trigger is one error at its key, listing the notifications and the nearest trigger")
    func unknownReactionTrigger() {
        #expect(
            errors("scenario: x\napps: {A: {reactions: {interruptionEnd: resume}}}\nsteps: []\n")
                == [
                    "t.yaml:2:24: error: unknown reaction trigger 'interruptionEnd' (did you mean 'interruptionEnded'?); "
                        + "expected one of: interruptionBegan, interruptionEnded, oldDeviceUnavailable, newDeviceAvailable, "
                        + "mediaServicesReset, silenceSecondaryAudioBegan, silenceSecondaryAudioEnded, or remote.<command>"
                ])
    }

    @Test("an app name that is a reserved word or not an identifier is refused")
    func appNames() {
        #expect(
            errors("scenario: x\napps: {device: {}}\nsteps: []\n").first?.contains("'device' cannot be an app name")
                == true)
        #expect(
            errors("scenario: x\napps: {\"My App\": {}}\nsteps: []\n").first?.contains("cannot be an app name") == true)
    }

    @Test("both at and after on one step is an error")
    func atAndAfter() {
        #expect(
            errors("scenario: x\napps: {A: {}}\nsteps:\n  - at: 1s\n    after: 1s\n    A: play\n")
                == ["t.yaml:4:5: error: a step has both 'at' and 'after'; expected one of them"])
    }

    @Test("aliases that expand to a huge document are cut off, not followed")
    func aliasBomb() {
        let item = "- A: interruptionBegan\n"
        let events = "events: &e\n" + String(repeating: item, count: 1000)
        let step = "step: &s { expect: { events: *e } }\n"
        let steps = "steps: [" + Array(repeating: "*s", count: 1000).joined(separator: ", ") + "]\n"
        let text = "scenario: bomb\napps: {A: {}}\n" + events + step + steps
        let found = errors(text)
        #expect(found.contains { $0.contains("the document is too large (more than 200000 nodes, aliases expanded)") })
        #expect(found.count < 100, "one error for the size, not one per expanded node")
    }

    @Test("setPrefersInterruptionOnRouteDisconnect needs ios 17: an error at the verb before; the new verbs round-trip")
    func settingsVerbs() throws {
        let steps = """
              - Music: { setPrefersInterruptionOnRouteDisconnect: false }
              - Music: { setPrefersNoInterruptionsFromSystemAlerts: true }
              - device: { builtInMic: muted }
              - device: wake
            """
        #expect(
            errors("scenario: x\nios: 16\napps: { Music: {} }\nsteps:\n" + steps) == [
                "t.yaml:5:14: error: setPrefersInterruptionOnRouteDisconnect needs ios 17 or later; this scenario has "
                    + "ios: 16; expected ios: 17 or later, or no such step (before iOS 17 no routeDisconnected "
                    + "interruption exists to opt out of)"
            ])
        let text = "scenario: x\nios: 17\ndevice: { callStyle: fullScreen }\napps: { Music: {} }\nsteps:\n" + steps
        let scenario = try parse(text).get()
        #expect(scenario.setup.device.callStyle == .fullScreen)
        let events = scenario.steps.compactMap { step -> Event? in
            if case .event(let event, _) = step.action { return event }
            return nil
        }
        #expect(
            events == [
                .app("Music", .setPrefersInterruptionOnRouteDisconnect(false)),
                .app("Music", .setPrefersNoInterruptionsFromSystemAlerts(true)),
                .device(.builtInMic(muted: true)), .device(.wake),
            ])
        let written = ScenarioWriter.text(setup: scenario.setup, steps: events.map { (Time.zero, $0) }, title: "x")
        let again = try parse(written).get()
        #expect(again.setup == scenario.setup)
        #expect(
            again.steps.compactMap { step -> Event? in
                if case .event(let event, _) = step.action { return event }
                return nil
            } == events)
        #expect(errors("scenario: x\napps: { Music: {} }\nsteps:\n  - device: { builtInMic: off }\n").count == 1)
    }

    @Test("nowPlayingInfo takes a defaultRate, which the writer writes back")
    func defaultRate() throws {
        let text =
            "scenario: x\napps: { Books: {} }\nsteps:\n"
            + "  - Books: { nowPlayingInfo: { title: Chapter 3, rate: 2, defaultRate: 2 } }\n"
        let scenario = try parse(text).get()
        let event = Event.app("Books", .nowPlayingInfo(NowPlayingInfo(title: "Chapter 3", rate: 2, defaultRate: 2)))
        guard case .event(let decoded, _)? = scenario.steps.first?.action else {
            Issue.record("no event decoded")
            return
        }
        #expect(decoded == event)
        let written = ScenarioWriter.text(setup: scenario.setup, steps: [(Time.zero, event)], title: "x")
        #expect(written.contains("{ nowPlayingInfo: { title: \"Chapter 3\", rate: 2, defaultRate: 2 } }"))
        #expect(
            errors(text.replacingOccurrences(of: "defaultRate: 2", with: "defaultRate: -1"))
                == ["t.yaml:4:72: error: defaultRate is -1; expected a number from 0 to 100"])
    }

    @Test("remote commands carry what the user chose, the writer writes it back, and a wrong value is an error at it")
    func remoteValues() throws {
        let steps = """
              - system: { remote: { changePlaybackPosition: 30 } }
              - system: { remote: { skipForward: 15 } }
              - system: { remote: { skipBackward: 7.5 } }
              - system: { remote: { changePlaybackRate: 1.5 } }
              - system: { remote: { changeRepeatMode: all } }
              - system: { remote: { changeShuffleMode: items } }
              - system: { remote: { seekBackward: begin } }
              - system: { remote: { seekForward: end } }
              - system: { remote: { rating: 4 } }
              - system: { remote: { dislike: negative } }
              - system: { remote: { bookmark: positive } }
              - system: { remote: changePlaybackRate }
              - system: { remote: pause }
            """
        let scenario = try parse("scenario: x\napps: { Music: {} }\nsteps:\n" + steps).get()
        let events = scenario.steps.compactMap { step -> Event? in
            if case .event(let event, _) = step.action { return event }
            return nil
        }
        let expected: [SystemAction] = [
            .remote(.changePlaybackPosition, position: 30), .remote(.skipForward, value: .interval(15)),
            .remote(.skipBackward, value: .interval(7.5)), .remote(.changePlaybackRate, value: .rate(1.5)),
            .remote(.changeRepeatMode, value: .repeatType(.all)),
            .remote(.changeShuffleMode, value: .shuffleType(.items)),
            .remote(.seekBackward, value: .seek(.begin)), .remote(.seekForward, value: .seek(.end)),
            .remote(.rating, value: .rating(4)), .remote(.dislike, value: .negative(true)),
            .remote(.bookmark, value: .negative(false)), .remote(.changePlaybackRate), .remote(.pause),
        ]
        #expect(events == expected.map(Event.system))
        let written = ScenarioWriter.text(setup: scenario.setup, steps: events.map { (Time.zero, $0) }, title: "x")
        for line in [
            "system: { remote: { changePlaybackPosition: 30 } }", "system: { remote: { skipBackward: 7.5 } }",
            "system: { remote: { changeRepeatMode: all } }", "system: { remote: { dislike: negative } }",
            "system: { remote: changePlaybackRate }",
        ] {
            #expect(written.contains(line), "\(line) in \(written)")
        }
        #expect(
            try parse(written).get().steps.compactMap { step -> Event? in
                if case .event(let event, _) = step.action { return event }
                return nil
            } == events)

        func error(_ step: String) -> [String] {
            errors("scenario: x\napps: { Music: {} }\nsteps:\n  - " + step + "\n")
        }
        #expect(
            error("system: { remote: { changeRepeatMode: alll } }")
                == [
                    "t.yaml:4:43: error: unknown repeat type 'alll' (did you mean 'all'?); expected one of: off, one, all"
                ])
        #expect(
            error("system: { remote: { changeShuffleMode: albums } }")
                == ["t.yaml:4:44: error: unknown shuffle type 'albums'; expected one of: off, items, collections"])
        #expect(
            error("system: { remote: { seekForward: start } }")
                == ["t.yaml:4:38: error: unknown seek phase 'start'; expected one of: begin, end"])
        #expect(
            error("system: { remote: { like: yes } }")
                == ["t.yaml:4:31: error: unknown like feedback 'yes'; expected one of: positive, negative"])
        #expect(
            error("system: { remote: { changePlaybackRate: fast } }")
                == ["t.yaml:4:45: error: changePlaybackRate is 'fast'; expected a number from 0 to 32"])
        #expect(
            error("system: { remote: { skipForward: -15 } }")
                == ["t.yaml:4:38: error: skipForward is -15; expected a number from 0 to 10000000"])
        #expect(
            error("system: { remote: { pause: 30 } }") == [
                "t.yaml:4:32: error: remote pause carries no value; expected { remote: pause }; a value goes with "
                    + Vocabulary.commandsWithValues
            ])
        #expect(
            error("system: { remote: { changePlaybakRate: 2 } }") == [
                "t.yaml:4:25: error: unknown remote command 'changePlaybakRate' (did you mean 'changePlaybackRate'?); "
                    + "expected one of: " + RemoteCommand.allCases.map(\.rawValue).joined(separator: ", ")
            ])
    }
}
