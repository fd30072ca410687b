import ArbiterAndroid
import ArbiterEngine
import ArbiterLint
import ArbiterScenario
import Testing
import Yams

@Suite("Android scenario decoder")
struct AndroidDecoderTests {
    func parse(_ text: String) -> Result<AndroidScenario, ScenarioErrors> {
        AndroidScenarioParser.parse(text, file: "a.yaml")
    }

    func errors(_ text: String) -> [String] {
        switch parse(text) {
        case .success: return []
        case .failure(let errors): return errors.diagnostics.map(\.description)
        }
    }

    /// The events of a scenario's event steps, in order.
    func events(_ scenario: AndroidScenario) -> [AndroidEvent] {
        scenario.steps.compactMap { step in
            if case .event(let event, _) = step.action { return event }
            return nil
        }
    }

    @Test("the first scenario of docs/android.md decodes into its setup and timed steps")
    func firstScenario() throws {
        let text = """
            scenario: A navigation prompt ducks music, which the framework restores
            platform: android
            android: 14
            apps:
              Music:
                usage: media
                contentType: music
                reactions:
                  focusLoss: [stop, abandonFocus]
                  focusLossTransient: pause
                  focusGain: resume
              Maps:
                usage: assistanceNavigationGuidance
                contentType: speech
                focusGain: gainTransientMayDuck
            steps:
              - Music: play
              - after: 10s
                Maps: play
              - expect:
                  focus: Maps
                  stack: [Maps, Music]
                  Music: { focus: lossTransientCanDuck, playing: true, ducked: true, volume: 0.017783 }
                  events: []
              - after: 3s
                Maps: abandonFocus
              - expect:
                  focus: Music
                  Music: { ducked: false, volume: 1 }
                  events: [ Music: gain ]
            """
        let scenario = try parse(text).get()
        #expect(scenario.title == "A navigation prompt ducks music, which the framework restores")
        #expect(scenario.platform == .phone)
        #expect(scenario.setup.sdk == 34)
        #expect(scenario.setup.profile.strongDuck)
        let music = try #require(scenario.setup.apps.first)
        #expect(music.uid == 10001 && music.targetSdk == 34)
        #expect(music.attributes == AudioAttributes(usage: .media, contentType: .music))
        #expect(music.reactions == [.loss: [.stop, .abandonFocus], .lossTransient: [.pause], .gain: [.resume]])
        #expect(music.players == [AndroidPlayer(name: "main")])
        let maps = scenario.setup.apps[1]
        #expect(maps.uid == 10002 && maps.focusGain == .gainTransientMayDuck)
        #expect(maps.attributes == AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech))
        #expect(scenario.steps.map(\.time) == [.zero, .seconds(10), .seconds(10), .seconds(13), .seconds(13)])
        #expect(scenario.steps[1].position == SourcePosition(file: "a.yaml", line: 19, column: 5))
        #expect(events(scenario) == [.app("Music", .play(nil)), .app("Maps", .play(nil)), .app("Maps", .abandonFocus)])
        let checks = scenario.steps[2].checks
        #expect(
            checks.map(\.subject.key) == [
                "focus", "stack", "Music.focus", "Music.playing", "Music.ducked",
                "Music.volume", "events",
            ])
        #expect(checks[2].position == SourcePosition(file: "a.yaml", line: 23, column: 16))
        guard case .stack(let stack) = checks[1].subject, case .app(_, .volume(let volume)) = checks[5].subject,
            case .events(let none) = checks[6].subject,
            case .events(let gain) = scenario.steps[4].checks[3].subject
        else {
            Issue.record("checks are \(checks.map(\.subject))")
            return
        }
        #expect(stack == [.app("Maps"), .app("Music")])
        #expect(volume == 0.017783)
        #expect(none.isEmpty)
        #expect(gain == [FocusEventPattern(app: "Music", change: .gain)])
    }

    @Test("every app key, player form and reaction decodes")
    func appKeys() throws {
        let text = """
            scenario: Apps
            platform: androidAutomotive
            android: 12
            apps:
              Podcasts:
                uid: 10123
                targetSdk: 25
                usage: media
                contentType: speech
                focusGain: gain
                willPauseWhenDucked: true
                acceptsDelayedFocusGain: true
                locksFocus: true
                receivesDuckEvents: true
                players:
                  main: mediaPlayer
                  clicks: soundPool
                  stream: aaudio
                  voice: { kind: audioTrack, usage: assistanceNavigationGuidance, contentType: speech }
                  plain:
                reactions:
                  focusLoss: [stop, abandonFocus]
                  focusLossTransient: pause
                  focusLossTransientCanDuck: duck
                  focusGain: [unduck, resume, play, requestFocus, nothing]
              Other: {}
            steps: []
            """
        let scenario = try parse(text).get()
        #expect(scenario.platform == .car)
        #expect(scenario.setup.sdk == 31)
        #expect(!scenario.setup.profile.strongDuck)
        let pod = scenario.setup.apps[0]
        #expect(pod.uid == 10123 && pod.targetSdk == 25)
        #expect(pod.willPauseWhenDucked && pod.acceptsDelayedFocusGain && pod.locksFocus && pod.receivesDuckEvents)
        #expect(
            pod.players == [
                AndroidPlayer(name: "main", kind: .mediaPlayer), AndroidPlayer(name: "clicks", kind: .soundPool),
                AndroidPlayer(name: "stream", kind: .aaudio),
                AndroidPlayer(
                    name: "voice", kind: .audioTrack,
                    attributes: AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech)),
                AndroidPlayer(name: "plain"),
            ])
        #expect(pod.reactions[.lossTransientCanDuck] == [.duck])
        #expect(pod.reactions[.gain] == [.unduck, .resume, .play, .requestFocus, .nothing])
        // The second app: every default, its uid the second in declaration order.
        let other = scenario.setup.apps[1]
        #expect(other == AndroidApp(name: "Other", uid: 10002, targetSdk: 31))
    }

    @Test("Android's own spellings are read, in any case")
    func androidSpellings() throws {
        let text = """
            scenario: Spellings
            platform: android
            apps:
              Maps:
                usage: USAGE_ASSISTANCE_NAVIGATION_GUIDANCE
                contentType: CONTENT_TYPE_SPEECH
                focusGain: AUDIOFOCUS_GAIN_TRANSIENT_MAY_DUCK
                reactions: { AUDIOFOCUS_LOSS_TRANSIENT: PAUSE, loss: stop }
              Nav:
                usage: assistance_navigation_guidance
                contentType: Speech
                focusGain: gain_transient_exclusive
            steps:
              - Maps: { requestFocus: { gain: AUDIOFOCUS_GAIN_TRANSIENT, usage: usage_assistant } }
                returns: AUDIOFOCUS_REQUEST_DELAYED
              - Nav: { requestFocus: GAIN }
                returns: granted
              - expect:
                  Maps: { focus: AUDIOFOCUS_LOSS_TRANSIENT, request: AUDIOFOCUS_REQUEST_GRANTED }
                  Nav: { request: failed, events: [ AUDIOFOCUS_LOSS_TRANSIENT_CAN_DUCK ] }
            """
        let scenario = try parse(text).get()
        let maps = scenario.setup.apps[0]
        let nav = scenario.setup.apps[1]
        #expect(maps.attributes == AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech))
        #expect(maps.focusGain == .gainTransientMayDuck)
        #expect(maps.reactions == [.lossTransient: [.pause], .loss: [.stop]])
        #expect(nav.attributes == maps.attributes)
        #expect(nav.focusGain == .gainTransientExclusive)
        #expect(
            events(scenario) == [
                .app("Maps", .requestFocus(FocusRequestChange(gain: .gainTransient, usage: .assistant))),
                .app("Nav", .requestFocus(FocusRequestChange(gain: .gain))),
            ])
        guard case .event(_, let returns?) = scenario.steps[0].action else {
            Issue.record("the first step has no returns")
            return
        }
        #expect(returns.result == .delayed)
        #expect(returns.position == SourcePosition(file: "a.yaml", line: 15, column: 14))
        let checks = scenario.steps[2].checks
        guard case .app(_, .focus(.lossTransient)) = checks[0].subject,
            case .app(_, .request(.granted)) = checks[1].subject,
            case .app(_, .request(.failed)) = checks[2].subject,
            case .app(_, .events([.lossTransientCanDuck])) = checks[3].subject
        else {
            Issue.record("checks are \(checks.map(\.subject))")
            return
        }
    }

    @Test("releases name their API levels, and profile keys override the release's defaults")
    func releasesAndProfile() throws {
        let releases = [
            "8": 26, "8.1": 27, "9": 28, "10": 29, "11": 30, "12": 31, "12L": 32, "13": 33, "14": 34,
            "15": 35, "16": 36, "{ sdk: 30 }": 30,
        ]
        for (release, sdk) in releases {
            let scenario = try parse("scenario: R\nplatform: android\nandroid: \(release)\napps: { A: }\nsteps: []\n")
                .get()
            #expect(scenario.setup.sdk == sdk, "android: \(release)")
            #expect(scenario.setup.apps[0].targetSdk == sdk)
            #expect(scenario.setup.profile.strongDuck == (sdk >= 34))
            #expect(scenario.setup.profile.carDelayedFocus == (sdk >= 30))
            #expect(scenario.setup.profile.carDelayedLosesWhenRefused == (sdk >= 34))
        }
        let scenario = try parse(
            """
            scenario: Profile
            platform: android
            android: 13
            profile:
              duckLevel: 0.3
              strongDuck: true
              strongDuckLevel: 0.05
              duckRamp: 250ms
              fadeOut: 1s
              fadeInOffendersAfter: 3s
              muteInCallAfter: 200ms
              delayedRequestPropagatesLoss: false
              rejectNavigationDuringCall: true
              carDelayedFocus: false
              carDelayedLosesWhenRefused: true
            device: { ringerMode: RINGER_MODE_VIBRATE }
            allowLints: [focus.ducking-by-hand, nowplaying.stale-rate]
            apps:
              A:
                allowLints: { focus.kept-after-stopping: "A keeps focus on purpose" }
            steps:
              - device: { ringerMode: silent }
            """
        ).get()
        var profile = AndroidProfile(sdk: 33)
        profile.duckLevel = 0.3
        profile.strongDuck = true
        profile.strongDuckLevel = 0.05
        profile.duckRamp = .ms(250)
        profile.fadeOut = .ms(1000)
        profile.fadeInOffendersAfter = .ms(3000)
        profile.muteInCallAfter = .ms(200)
        profile.delayedRequestPropagatesLoss = false
        profile.rejectNavigationDuringCall = true
        profile.carDelayedFocus = false
        profile.carDelayedLosesWhenRefused = true
        #expect(scenario.setup.profile == profile)
        #expect(scenario.setup.ringerMode == .vibrate)
        #expect(scenario.allowLints == ["focus.ducking-by-hand", "nowplaying.stale-rate"])
        #expect(scenario.lintAllowances.perApp["A"] == ["focus.kept-after-stopping": "A keeps focus on purpose"])
        #expect(
            scenario.allowancePositions[LintAllowances.Entry(app: "A", lint: "focus.kept-after-stopping")]
                == SourcePosition(file: "a.yaml", line: 20, column: 19))
        #expect(events(scenario) == [.ringerMode(.silent)])
    }

    @Test("every app, system and device verb decodes")
    func verbs() throws {
        let text = """
            scenario: Verbs
            platform: android
            apps:
              A:
                players: { main: mediaPlayer, clicks: soundPool }
            steps:
              - A: requestFocus
              - A: { requestFocus: gainTransient }
              - A: { requestFocus: { gain: gainTransientMayDuck, usage: assistant, contentType: speech, willPauseWhenDucked: true, acceptsDelayedFocusGain: true, locksFocus: true } }
              - A: abandonFocus
              - A: start
              - A: { start: clicks }
              - A: pause
              - A: { pause: main }
              - A: stop
              - A: { stop: clicks }
              - A: play
              - A: { play: main }
              - A: activate
              - A: { activate: gain }
              - A: deactivate
              - A: { deactivate: { notifyOthers: true } }
              - A: { setVolume: 0.2 }
              - A: { setVolume: { player: clicks, volume: 0.5 } }
              - A: terminate
              - system: incomingCall
              - system: answerCall
              - system: declineCall
              - system: endCall
              - system: { assistant: begin }
              - system: { assistant: end }
              - system: { assistant: { begin: gainTransientMayDuck } }
              - system: { siri: begin }
              - system: { alarm: begin }
              - system: { alarm: end }
              - system: notification
              - device: { ringerMode: vibrate }
            """
        let scenario = try parse(text).get()
        let full = FocusRequestChange(
            gain: .gainTransientMayDuck, usage: .assistant, contentType: .speech,
            willPauseWhenDucked: true, acceptsDelayedFocusGain: true, locksFocus: true)
        let expected: [AndroidEvent] = [
            .app("A", .requestFocus(FocusRequestChange())),
            .app("A", .requestFocus(FocusRequestChange(gain: .gainTransient))),
            .app("A", .requestFocus(full)), .app("A", .abandonFocus), .app("A", .start(nil)),
            .app("A", .start("clicks")),
            .app("A", .pause(nil)), .app("A", .pause("main")), .app("A", .stop(nil)), .app("A", .stop("clicks")),
            .app("A", .play(nil)), .app("A", .play("main")), .app("A", .requestFocus(FocusRequestChange())),
            .app("A", .requestFocus(FocusRequestChange(gain: .gain))), .app("A", .abandonFocus),
            .app("A", .abandonFocus),
            .app("A", .setVolume(nil, 0.2)), .app("A", .setVolume("clicks", 0.5)), .app("A", .terminate),
            .system(.incomingCall), .system(.answerCall), .system(.declineCall), .system(.endCall),
            .system(.assistantBegin(.gainTransient)), .system(.assistantEnd),
            .system(.assistantBegin(.gainTransientMayDuck)),
            .system(.assistantBegin(.gainTransient)), .system(.alarmBegin), .system(.alarmEnd), .system(.notification),
            .ringerMode(.vibrate),
        ]
        #expect(events(scenario) == expected)
    }

    @Test("every check decodes, with its key and position")
    func checks() throws {
        let text = """
            scenario: Checks
            platform: android
            apps:
              Music: { players: { main: mediaPlayer, clicks: soundPool } }
              Maps: {}
            steps:
              - expect:
                  focus: Maps
                  stack: [Maps, Music, call, assistant, siri, alarm]
                  holders: [Maps]
                  notificationSoundPlays: false
                  Music:
                    focus: lossTransientCanDuck
                    request: granted
                    playing: true
                    audible: true
                    volume: 0.2
                    ducked: true
                    faded: false
                    muted: false
                    players: { main: started, clicks: { state: stopped, volume: 1 } }
                    events: [ lossTransientCanDuck, { focusChange: gain } ]
                  events:
                    - Music: lossTransient
                    - Music: { focusChange: gain }
              - expect:
                  focus: null
                  Maps: { request: null, events: { includes: [loss] } }
                  events: { includes: [ Maps: loss ] }
            """
        let scenario = try parse(text).get()
        let first = scenario.steps[0].checks
        #expect(
            first.map(\.subject.key) == [
                "focus", "stack", "holders", "notificationSoundPlays", "Music.focus", "Music.request", "Music.playing",
                "Music.audible", "Music.volume", "Music.ducked", "Music.faded", "Music.muted", "Music.players.main",
                "Music.players.clicks", "Music.players.clicks.volume", "Music.events", "events",
            ])
        #expect(first.map(\.position.line) == [8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 21, 21, 22, 23])
        guard case .stack(let stack) = first[1].subject, case .app(_, .events(let changes)) = first[15].subject,
            case .events(let patterns) = first[16].subject
        else {
            Issue.record("checks are \(first.map(\.subject))")
            return
        }
        #expect(stack == [.app("Maps"), .app("Music"), .call, .assistant, .assistant, .alarm])
        #expect(changes == [.lossTransientCanDuck, .gain])
        #expect(
            patterns == [
                FocusEventPattern(app: "Music", change: .lossTransient),
                FocusEventPattern(app: "Music", change: .gain),
            ])
        let second = scenario.steps[1].checks
        guard case .focusOwner(nil) = second[0].subject, case .app(_, .request(nil)) = second[1].subject,
            case .app(_, .eventsInclude([.loss])) = second[2].subject,
            case .eventsInclude(let included) = second[3].subject
        else {
            Issue.record("checks are \(second.map(\.subject))")
            return
        }
        #expect(included == [FocusEventPattern(app: "Maps", change: .loss)])
    }

    @Test("a cross-platform file's Android half: iOS player kinds, steps for one platform, sdk")
    func crossPlatform() throws {
        // What the split of a `platforms: [ios, android]` file leaves for Android (its blocks already merged).
        let text = """
            scenario: Both halves
            platform: android
            sdk: 33
            apps:
              Pod:
                players: { main: avPlayer, fx: audioEngine, music: systemMusicPlayer, a: audioPlayer, q: queuePlayer, v: playerViewController, m: applicationMusicPlayer }
                usage: media
                contentType: speech
            steps:
              - Pod: play
              - platform: ios
                Pod: { setCategory: ambient }
              - platform: android
                Pod: abandonFocus
              - system: { siri: end }
            """
        let scenario = try parse(text).get()
        #expect(scenario.setup.sdk == 33)
        let pod = scenario.setup.apps[0]
        #expect(
            pod.players.map(\.kind) == [
                .mediaPlayer, .audioTrack, .mediaPlayer, .mediaPlayer, .mediaPlayer,
                .mediaPlayer, .mediaPlayer,
            ])
        #expect(events(scenario) == [.app("Pod", .play(nil)), .app("Pod", .abandonFocus), .system(.assistantEnd)])
    }

    @Test("every problem is reported with its position, what was found and what was expected")
    func errorsAreReported() {
        let text = """
            scenario: Broken
            platform: androd
            allowLints: [focus.ducking-by-hnd]
            android: 7
            profile: { duckLevl: 0.2, fadeOut: soon }
            apps:
              Music:
                usage: medai
                contentType: CONTENT_TYPE_SPEACH
                focusGain: AUDIOFOCUS_GAIN_TRANSIENT_MAY_DUK
                targetSdk: 33.5
                players: { main: exoPlayer, rec: recorder }
                reactions: { focusLost: pause, focusGain: resme }
                colour: blue
              call: {}
            steps:
              - Music: plya
              - Musc: play
              - Music: { play: mian }
              - system: { assistant: maybe }
              - device: lock
              - Music: pause
                returns: granted
              - at: 5s
                after: 1s
                Music: play
              - at: 1s
                Music: stop
              - expect:
                  focus: Mucis
                  Music: { focus: lossTransiant, volume: 2, plaing: true, players: { main: playing, x: stopped } }
                  events: [ Music: los ]
            """
        #expect(
            errors(text) == [
                "a.yaml:2:11: error: unknown platform 'androd' (did you mean 'android'?); expected one of: android, androidAutomotive",
                "a.yaml:3:14: error: unknown lint 'focus.ducking-by-hnd' (did you mean 'focus.ducking-by-hand'?); expected a lint identifier (`arbiter lints` lists them)",
                "a.yaml:4:10: error: android is '7', a release not modelled; expected 8, 8.1, 9, 10, 11, 12, 12L, 13, 14, 15 or 16, or { sdk: 26 } to { sdk: 36 }",
                "a.yaml:5:12: error: unknown key 'duckLevl' in the profile (did you mean 'duckLevel'?); expected one of: duckLevel, strongDuck, strongDuckLevel, duckRamp, fadeOut, fadeInOffendersAfter, muteInCallAfter, delayedRequestPropagatesLoss, rejectNavigationDuringCall, carDelayedFocus, carDelayedLosesWhenRefused",
                "a.yaml:5:36: error: fadeOut is 'soon'; expected a duration such as 250ms, 1.5s, 2m, 1m30s or a number of seconds",
                "a.yaml:8:12: error: unknown usage 'medai' (did you mean 'media'?); expected one of: unknown, media, voiceCommunication, voiceCommunicationSignalling, alarm, notification, notificationRingtone, notificationCommunicationRequest, notificationCommunicationInstant, notificationCommunicationDelayed, notificationEvent, assistanceAccessibility, assistanceNavigationGuidance, assistanceSonification, game, assistant, callAssistant, emergency, safety, vehicleStatus, announcement",
                "a.yaml:9:18: error: unknown content type 'CONTENT_TYPE_SPEACH' (did you mean 'speech'?); expected one of: unknown, speech, music, movie, sonification",
                "a.yaml:10:16: error: unknown focus gain 'AUDIOFOCUS_GAIN_TRANSIENT_MAY_DUK' (did you mean 'gainTransientMayDuck'?); expected one of: gain, gainTransient, gainTransientMayDuck, gainTransientExclusive",
                "a.yaml:11:16: error: targetSdk is 33.5; expected a whole number from 1 to 99",
                "a.yaml:12:22: error: unknown player kind 'exoPlayer'; expected one of: mediaPlayer, audioTrack, aaudio, soundPool",
                "a.yaml:12:38: error: player kind 'recorder' records: Android's focus has no recorder here; expected one of: mediaPlayer, audioTrack, aaudio, soundPool",
                "a.yaml:13:18: error: unknown focus change 'focusLost' (did you mean 'focusLoss'?); expected one of: focusGain, focusLoss, focusLossTransient, focusLossTransientCanDuck",
                "a.yaml:13:47: error: unknown reaction 'resme' (did you mean 'resume'?); expected one of: pause, resume, stop, play, duck, unduck, abandonFocus, requestFocus, nothing",
                "a.yaml:14:5: error: unknown key 'colour' in app 'Music'; expected one of: uid, targetSdk, usage, contentType, focusGain, willPauseWhenDucked, acceptsDelayedFocusGain, locksFocus, receivesDuckEvents, players, reactions, allowLints",
                "a.yaml:15:3: error: 'call' cannot be an app name; expected letters, digits, '-' and '_', and none of device, system, expect, at, after, returns, platform, focus, stack, holders, notificationSoundPlays, events, losers, delayed, duckedContexts, call, assistant, siri, alarm, ios, android, androidAutomotive, sdk",
                "a.yaml:17:12: error: unknown app verb 'plya' (did you mean 'play'?); expected one of: requestFocus, abandonFocus, play, start, pause, stop, activate, deactivate, setVolume, terminate, declarePlayer",
                "a.yaml:18:5: error: unknown app or action 'Musc' (did you mean 'Music'?); expected one of the apps (Music), device, system or expect",
                "a.yaml:19:20: error: app 'Music' has no player 'mian' (did you mean 'main'?); expected one of its players: main, rec",
                "a.yaml:20:26: error: unknown assistant phase 'maybe'; expected one of: begin, end",
                "a.yaml:21:13: error: unknown device verb 'lock'; expected one of: ringerMode",
                "a.yaml:23:5: error: 'returns' on a step that makes no focus request; expected returns only on requestFocus, activate or play",
                "a.yaml:24:5: error: a step has both 'at' and 'after'; expected one of them",
                "a.yaml:27:9: error: time goes backwards: at 1s is before the previous step's 5s; expected 5s or later",
                "a.yaml:30:14: error: unknown focus owner 'Mucis' (did you mean 'Music'?); expected an app (Music), call, assistant or alarm",
                "a.yaml:31:23: error: unknown focus status 'lossTransiant' (did you mean 'lossTransient'?); expected one of: gain, lossTransient, lossTransientCanDuck, loss, delayed, none",
                "a.yaml:31:46: error: volume is 2; expected a number from 0 to 1",
                "a.yaml:31:49: error: unknown key 'plaing' in the checks of app 'Music' (did you mean 'playing'?); expected one of: focus, request, playing, audible, volume, ducked, faded, muted, players, events",
                "a.yaml:31:89: error: app 'Music' has no player 'x'; expected one of its players: main, rec",
                "a.yaml:32:24: error: unknown focus change 'los' (did you mean 'loss'?); expected one of: gain, loss, lossTransient, lossTransientCanDuck",
            ])
    }

    @Test("missing keys, wrong shapes and YAML errors are reported")
    func shapes() {
        #expect(
            errors("platform: android\n") == [
                "a.yaml:1:1: error: the scenario has no 'scenario'; expected a 'scenario' key",
                "a.yaml:1:1: error: the scenario has no 'apps'; expected a 'apps' key",
                "a.yaml:1:1: error: the scenario has no 'steps'; expected a 'steps' key",
            ])
        #expect(
            errors("scenario: x\nplatform: android\napps: { A: }\nsteps: [ { A: play, B: play } ]\nextra: 1\n") == [
                "a.yaml:4:21: error: a step has a second action 'B' after 'A'; expected exactly one of an app name, device, system or expect per step",
                "a.yaml:5:1: error: unknown key 'extra' in the scenario; expected one of: scenario, description, platform, android, sdk, profile, device, apps, allowLints, steps",
            ])
        #expect(
            errors(
                "scenario: x\nplatform: android\napps: { A: }\nsteps:\n  - A: { setVolume: 3 }\n  - system: { alarm: }\n"
            ) == [
                "a.yaml:5:21: error: the volume is 3; expected a number from 0 to 1",
                "a.yaml:6:15: error: alarm needs begin or end; expected { alarm: begin }",
            ])
        #expect(errors("scenario: [\n").count == 1)
        #expect(
            errors("") == ["a.yaml:1:1: error: the file is empty; expected a mapping with scenario, apps and steps"])
        #expect(
            errors("scenario: x\nplatform: ios\napps: { A: }\nsteps: []\n") == [
                "a.yaml:2:11: error: platform is 'ios' in an Android scenario; expected android or androidAutomotive (an iOS scenario is read by the iOS format)"
            ])
    }

    @Test("decode reads a composed document as parse does")
    func decodeFromNode() throws {
        let root = try #require(
            try Yams.compose(yaml: "scenario: x\nplatform: android\napps: { A: }\nsteps: [ A: play ]\n"))
        let scenario = try AndroidScenarioParser.decode(root, file: "n.yaml").get()
        #expect(scenario.file == "n.yaml")
        #expect(events(scenario) == [.app("A", .play(nil))])
    }
}

@Suite("Android steps for a running replay")
struct AndroidStepDecodingTests {
    @Test("steps typed for a known setup decode against its apps and players, timed from where the run is")
    func stepsForASetup() throws {
        let setup = AndroidSetup(apps: [AndroidApp(name: "Music", uid: 10001, targetSdk: 34)])
        let node = try #require(
            try Yams.compose(yaml: "- after: 2s\n  Music: { play: main }\n- expect: { focus: Music }\n"))
        let steps = try AndroidScenarioParser.decodeSteps(node, file: "repl", setup: setup, from: .seconds(5)).get()
        #expect(steps.map(\.time) == [.seconds(7), .seconds(7)])
        #expect(steps[0].event == .app("Music", .play("main")))
        #expect(steps[1].checks.map(\.subject.key) == ["focus"])
        let wrong = try #require(try Yams.compose(yaml: "- Music: { play: mian }\n"))
        guard case .failure(let errors) = AndroidScenarioParser.decodeSteps(wrong, file: "repl", setup: setup) else {
            Issue.record("a wrong player name decoded")
            return
        }
        #expect(
            errors.description == "repl:1:18: error: app 'Music' has no player 'mian' (did you mean 'main'?); "
                + "expected one of its players: main")
    }
}

@Suite("Android decoder robustness")
struct AndroidDecoderRobustnessTests {
    static let text = """
        scenario: Robust
        platform: android
        android: 12L
        profile: { duckLevel: 0.25, fadeOut: 1s }
        apps:
          Music:
            usage: media
            players: { main: mediaPlayer, fx: { kind: soundPool, usage: game } }
            reactions: { focusLoss: [stop, abandonFocus] }
          Maps: { focusGain: gainTransientMayDuck, usage: assistant }
        steps:
          - Music: play
            returns: granted
          - after: 2s
            Maps: { requestFocus: { gain: gainTransient } }
          - system: { assistant: begin }
          - expect:
              focus: assistant
              Music: { focus: lossTransient, players: { main: { state: started, volume: 1 } } }
              events: { includes: [ Music: lossTransient ] }
        """

    @Test("every truncation and every line left out decodes or fails with positions inside the file, never crashing")
    func mutations() {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var variants: [String] = (0...Self.text.count).map { String(Self.text.prefix($0)) }
        variants += lines.indices.map { index in
            lines.enumerated().filter { $0.offset != index }.map(\.element)
                .joined(separator: "\n")
        }
        for variant in variants {
            guard case .failure(let errors) = AndroidScenarioParser.parse(variant, file: "m.yaml") else { continue }
            let lineCount = variant.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(!errors.diagnostics.isEmpty)
            for diagnostic in errors.diagnostics {
                #expect(
                    diagnostic.position.line >= 1 && diagnostic.position.line <= max(lineCount, 1) + 1,
                    "\(diagnostic) in:\n\(variant)")
                #expect(diagnostic.position.column >= 1)
            }
        }
        #expect((try? AndroidScenarioParser.parse(Self.text, file: "m.yaml").get()) != nil)
    }
}
