import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterScenario

/// ScenarioFormat/ScenarioWriter.swift: events written as a scenario file, which the decoder reads back.
@Suite("ScenarioWriter")
struct ScenarioWriterTests {
    /// Every step verb at least once, with and without its arguments.
    static let events: [Event] = [
        .app("Music", .activate), .app("Music", .deactivate()), .app("Music", .deactivate(notifyOthers: true)),
        .app("Music", .setCategory(.playback)),
        .app(
            "Music",
            .setCategory(
                .playAndRecord, mode: .voiceChat,
                options: [.defaultToSpeaker])),
        .app("Music", .setMode(.spokenAudio)), .app("Music", .play()), .app("Music", .play(player: "main")),
        .app("Music", .pause()), .app("Music", .stop(player: "main")), .app("Music", .record),
        .app("Music", .stopRecording), .app("Music", .background), .app("Music", .foreground),
        .app("Music", .terminate), .app("Music", .launch), .app("Music", .overrideOutput(speaker: true)),
        .app("Music", .overrideOutput(speaker: false)), .app("Music", .preferInput(.headsetMic)),
        .app("Music", .preferInput(nil)), .app("Music", .nowPlayingInfo(NowPlayingInfo(title: "One", duration: 90))),
        .app("Music", .nowPlayingInfo(nil)), .app("Music", .enableCommands([.play, .pause])),
        .app("Music", .disableCommands([.nextTrack])), .app("Music", .seek(to: 30)),
        .app("Music", .seek(player: "main", to: 12.5)), .app("Music", .rate(player: nil, 2)),
        .app("Music", .rate(player: "main", 0.5)), .app("Music", .nextTrack()),
        .app("Music", .showVideo(player: "main", false)), .app("Music", .showVideo(true)),
        .app("Music", .setPrefersInterruptionOnRouteDisconnect(false)),
        .app("Music", .setPrefersNoInterruptionsFromSystemAlerts(true)),
        .app("Music", .setVoiceProcessing(true)),
        .device(.connect(AccessorySpec(.wiredHeadset))),
        .device(
            .disconnect(
                AccessorySpec(
                    .bluetoothHeadphones,
                    name: "Jo's AirPods"))),
        .device(.ringer(.silent)), .device(.lock), .device(.unlock), .device(.network(down: true)),
        .device(.network(down: false)), .device(.builtInMic(muted: true)), .device(.builtInMic(muted: false)),
        .device(.wake),
        .system(.incomingCall), .system(.answerCall), .system(.declineCall), .system(.endCall), .system(.siriBegin),
        .system(.siriEnd), .system(.alarmBegin), .system(.alarmEnd), .system(.mediaServicesReset),
        .system(.mediaServicesLost), .system(.remote(.togglePlayPause)),
        .system(.remote(.changePlaybackPosition, position: 30)),
    ]

    static func events(of scenario: Scenario) -> [Event] {
        scenario.steps.compactMap { step in
            if case .event(let event, _) = step.action { return event }
            return nil
        }
    }

    @Test("every step verb the writer writes, the decoder reads back as the same event")
    func everyVerbRoundTrips() throws {
        let events = ScenarioWriterTests.events
        var verbs: Set<String> = []
        for event in events {
            switch event {
            case .app(_, let action): verbs.insert(try #require(AppVerb(action)).rawValue)
            case .device(let action): verbs.insert(DeviceVerb(action).rawValue)
            case .system(let action): verbs.insert(SystemVerb(action).rawValue)
            default: break
            }
        }
        #expect(verbs == Set(AppVerb.words + DeviceVerb.words + SystemVerb.words))
        let setup = Setup(apps: [AppConfig("Music")])
        let text = ScenarioWriter.text(setup: setup, steps: events.map { (Time.zero, $0) }, title: "every verb")
        let scenario = try ScenarioParser.parse(text, file: "saved.yaml").get()
        #expect(ScenarioWriterTests.events(of: scenario) == events)
    }

    @Test(
        "a saved scenario saved again is the same text, for every scenario of the corpus",
        arguments: FuzzRegressionTests.corpus)
    func savingTwiceChangesNothing(path: String) throws {
        let scenario = try ScenarioFiles.load(path).get()
        func save(_ scenario: Scenario) -> String {
            ScenarioWriter.text(
                setup: scenario.setup,
                steps: scenario.steps.compactMap { step in
                    if case .event(let event, _) = step.action { return (step.time, event) }
                    return nil
                }, title: scenario.title, lintAllowances: scenario.lintAllowances)
        }
        let saved = save(scenario)
        let again = try ScenarioParser.parse(saved, file: "saved.yaml").get()
        #expect(ScenarioWriterTests.events(of: again) == ScenarioWriterTests.events(of: scenario))
        #expect(save(again) == saved)
    }
}
