import ArbiterEngine
import ArbiterLint
import Testing

@Suite("Lints: sessions, interruptions, routes and the background")
struct SessionLintTests {
    static let maps = AppConfig("Maps", backgroundModes: [.audio], category: .playback, mode: .voicePrompt)

    /// Podcasts plays, Maps interrupts it from the foreground, stops and deactivates (notifying others or not).
    static func mapsInterrupts(
        _ podcasts: AppConfig, notifyOthers: Bool,
        endedWithoutNotify: Bool = false
    ) throws -> [LintFinding] {
        var setup = Setup(apps: [podcasts, maps])
        setup.profile.endedWithoutNotify = endedWithoutNotify
        return try lints(
            setup,
            [
                (0, .app("Podcasts", .play())),
                (5, .app("Maps", .foreground)),
                (5, .app("Maps", .play())),
                (8, .app("Maps", .stop())),
                (8, .app("Maps", .deactivate(notifyOthers: notifyOthers))),
            ])
    }

    @Test func deactivatingWithoutNotifyingLeavesTheInterruptedAppWaiting() throws {
        let findings = try Self.mapsInterrupts(player("Podcasts"), notifyOthers: false)
        #expect(ids(findings) == ["deactivation.without-notify-others"])
        let finding = try #require(findings.first)
        #expect(finding.app == "Maps")
        #expect(finding.step == 4)
        #expect(finding.message.contains("while Podcasts waits"))
    }

    @Test func deactivatingWithNotifyOthersIsFine() throws {
        #expect(try Self.mapsInterrupts(player("Podcasts"), notifyOthers: true).isEmpty)
    }

    @Test func aReactionThatResumesWithoutShouldResumeIsFoundAtTheReaction() throws {
        let podcasts = player("Podcasts", reactions: [.interruptionEnded: .resume])
        let findings = try Self.mapsInterrupts(podcasts, notifyOthers: false, endedWithoutNotify: true)
        #expect(ids(findings) == ["deactivation.without-notify-others", "interruption.resume-without-should-resume"])
        #expect(findings.last?.declaration == ["reactions", "interruptionEnded"])
    }

    @Test func resumingIfShouldResumeIsFine() throws {
        let podcasts = player("Podcasts", reactions: [.interruptionEnded: .resumeIfShouldResume])
        let findings = try Self.mapsInterrupts(podcasts, notifyOthers: false, endedWithoutNotify: true)
        #expect(ids(findings) == ["deactivation.without-notify-others"])
    }

    @Test func playAndRecordForMusicPlaysThroughTheReceiver() throws {
        let app = AppConfig("Music3", backgroundModes: [.audio], category: .playAndRecord)
        let findings = try lints(Setup(apps: [app]), [(0, .app("Music3", .play()))])
        #expect(ids(findings) == ["category.play-and-record-for-playback"])
        #expect(findings.first?.declaration == ["category"])
    }

    @Test func playAndRecordWithDefaultToSpeakerOrHeadphonesIsFine() throws {
        let speaker = AppConfig("A", backgroundModes: [.audio], category: .playAndRecord, options: [.defaultToSpeaker])
        #expect(try lints(Setup(apps: [speaker]), [(0, .app("A", .play()))]).isEmpty)
        let plain = AppConfig("B", backgroundModes: [.audio], category: .playAndRecord)
        let setup = Setup(device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]), apps: [plain])
        #expect(try lints(setup, [(0, .app("B", .play()))]).isEmpty)
    }

    @Test func playingIntoTheBackgroundWithoutTheAudioModeStops() throws {
        let game = AppConfig("Game", category: .playback)
        let findings = try lints(
            Setup(apps: [game]),
            [
                (0, .app("Game", .play())),
                (5, .app("Game", .background)),
            ])
        #expect(ids(findings) == ["background.audio-stopped"])
        #expect(findings.first?.declaration == ["backgroundModes"])
    }

    @Test func ambientStopsInTheBackgroundEvenWithTheAudioMode() throws {
        let app = AppConfig("Sounds", backgroundModes: [.audio], category: .ambient)
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Sounds", .play())),
                (5, .app("Sounds", .background)),
            ])
        #expect(ids(findings) == ["background.audio-stopped"])
        #expect(findings.first?.declaration == ["category"])
    }

    @Test func anAVAudioPlayerThatPlaysOnAfterTheUnplugIsFound() throws {
        let setup = Setup(
            device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]),
            apps: [player("Player", commands: [])])
        let findings = try lints(
            setup,
            [
                (0, .app("Player", .play())),
                (5, .device(.disconnect(AccessorySpec(.wiredHeadphones)))),
            ])
        #expect(ids(findings) == ["route.audio-player-not-paused"])
        #expect(findings.first?.step == 1)
    }

    @Test func pausingOnOldDeviceUnavailableOrUsingAVPlayerIsFine() throws {
        let device = DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)])
        let pausing = player("Player", commands: [], reactions: [.oldDeviceUnavailable: .pause])
        let unplug: [(Double, Event)] = [
            (0, .app("Player", .play())),
            (5, .device(.disconnect(AccessorySpec(.wiredHeadphones)))),
        ]
        #expect(try lints(Setup(device: device, apps: [pausing]), unplug).isEmpty)
        let avPlayer = player("Player", commands: [], kind: .avPlayer)
        #expect(try lints(Setup(device: device, apps: [avPlayer]), unplug).isEmpty)
    }
}
