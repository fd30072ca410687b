import Testing

@testable import ArbiterEngine

@Suite("Releases before iOS 14: what differed is a profile choice or an availability (reference §13.13)")
struct ReleaseTests {
    @Test("a release's profile: iOS 9 keeps a suspended app's session and never ends an interruption late")
    func releaseDefaults() {
        #expect(!Profile(ios: 9).suspensionDeactivatesSession && !Profile(ios: 9).lateEndWhenInterrupterLeaves)
        for ios in [10, 13, 14, 17, 26] {
            #expect(Profile(ios: ios) == Profile(), "iOS \(ios) has the latest defaults")
        }
        #expect(Setup(ios: 9).profile == Profile(ios: 9), "a setup without a profile takes its release's")
        var pinned = Profile(ios: 9)
        pinned.lateEndWhenInterrupterLeaves = true
        #expect(Setup(ios: 9, profile: pinned).profile.lateEndWhenInterrupterLeaves, "a pinned choice stays")
    }

    @Test("on iOS 9 a suspended app keeps its active session: what it ducked stays ducked")
    func suspendedKeepsSession() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.plain], ios: 9)
        h.app("Music", .play())
        h.app("Maps", .play())
        h.app("Maps", .pause())
        h.app("Plain", .foreground)
        h.send(.advance, after: .seconds(40))
        #expect(h.appState("Maps").lifecycle == .suspended)
        #expect(h.session("Maps").isActive)
        #expect(h.gain("Music") < 1, "Maps's active session still ducks Music")
        h.app("Maps", .foreground)
        #expect(h.takeNotifications().isEmpty, "no appWasSuspended before iOS 10")
    }

    @Test("from iOS 10 the same suspension deactivates, and is told late until iOS 15")
    func tenDeactivates() throws {
        for ios in [10, 13, 15, 16] {
            var h = try Harness([Apps.music, Apps.plain], ios: ios)
            h.app("Music", .play())
            h.app("Plain", .foreground)
            h.app("Music", .pause())
            h.send(.advance, after: .seconds(30))
            #expect(!h.session("Music").isActive)
            h.app("Music", .foreground)
            let told =
                h.takeNotifications() == [
                    Delivered(app: "Music", kind: .interruptionBegan(reason: .appWasSuspended))
                ]
            #expect(told == (ios < 16), "iOS \(ios)")
        }
    }

    @Test("what came later: options, modes and calls know their release; banner calls from iOS 14")
    func availability() throws {
        #expect(CategoryOption.allowBluetoothA2DP.introduced == Release(10))
        #expect(CategoryOption.overrideMutedMicrophoneInterruption.introduced.description == "iOS 14.5")
        #expect(CategoryOption.overrideMutedMicrophoneInterruption.introduced.isAvailable(on: 14))
        #expect(!Mode.voicePrompt.introduced.isAvailable(on: 11) && Mode.voicePrompt.introduced.isAvailable(on: 12))
        #expect(AppAction.setMode(.spokenAudio).introduced == nil, "iOS 9 has it")
        #expect(
            AppAction.setCategory(.playback, mode: .voicePrompt, options: [.allowAirPlay]).introduced == Release(12))

        let engine = try Engine(Setup(ios: 13, device: DeviceConfig(callStyle: .banner)))
        #expect(engine.device.callStyle == .fullScreen, "every call rang full screen before iOS 14")
        var h = try Harness([Apps.music], ios: 13)
        let outcome = h.app("Music", .setPrefersNoInterruptionsFromSystemAlerts(true))
        guard case .rejected(let error) = outcome.result else {
            Issue.record("expected a rejection, got \(outcome.result)")
            return
        }
        #expect(error.description.contains("needs iOS 14.5 or later"))
    }
}
