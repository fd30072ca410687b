import Testing

@testable import ArbiterEngine

@Suite("The built-in mic muted in hardware (reference §5.2, §2.1), wake and no suitable route (§6.1)")
struct BuiltInMicTests {
    static let recorder = AppConfig("Recorder", backgroundModes: [.audio], category: .playAndRecord)
    static let overriding = AppConfig(
        "Overriding", backgroundModes: [.audio], category: .playAndRecord,
        options: [.overrideMutedMicrophoneInterruption, .mixWithOthers])

    @Test("muting interrupts a session running input from the built-in mic, reason builtInMicMuted")
    func muteInterrupts() throws {
        // A mixable recorder, so that Music playing does not interrupt it.
        var h2 = try Harness([
            AppConfig(
                "Recorder", backgroundModes: [.audio], category: .playAndRecord,
                options: [.mixWithOthers]), Apps.music,
        ])
        h2.app("Recorder", .record)
        h2.app("Music", .foreground)
        h2.app("Music", .play())
        #expect(h2.appState("Recorder").isRecording)
        _ = h2.takeNotifications()
        let outcome = h2.device(.builtInMic(muted: true))
        #expect(
            h2.takeNotifications() == [Delivered(app: "Recorder", kind: .interruptionBegan(reason: .builtInMicMuted))])
        #expect(h2.session("Recorder").interruption?.by == .micMuted)
        #expect(!h2.appState("Recorder").isRecording)
        #expect(h2.session("Music").isActive && h2.playing("Music"), "an output-only session is not touched")
        #expect(outcome.rule(for: .interrupted(by: .micMuted), of: "Recorder") == .mutedMicInterrupts)
    }

    @Test("overrideMutedMicrophoneInterruption keeps the session running")
    func overrideKeepsRunning() throws {
        var h = try Harness([Self.overriding])
        h.app("Overriding", .record)
        _ = h.takeNotifications()
        h.device(.builtInMic(muted: true))
        #expect(h.takeNotifications().isEmpty)
        #expect(h.session("Overriding").isActive && h.appState("Overriding").isRecording)
    }

    @Test("input from a headset mic is not affected by the built-in mic being muted")
    func headsetMicUnaffected() throws {
        var h = try Harness([Self.recorder], device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadset)]))
        h.app("Recorder", .record)
        h.device(.builtInMic(muted: true))
        #expect(h.session("Recorder").isActive && h.appState("Recorder").isRecording)
    }

    @Test("a session not running input is not interrupted")
    func notRunningInput() throws {
        var h = try Harness([Self.recorder])
        h.app("Recorder", .activate)
        h.device(.builtInMic(muted: true))
        #expect(h.session("Recorder").isActive)
    }

    @Test("starting input while muted fails with resourceNotAvailable; with the override it succeeds")
    func startFails() throws {
        var h = try Harness([Self.recorder, Self.overriding])
        h.device(.builtInMic(muted: true))
        let failed = h.app("Recorder", .record)
        #expect(failed.result == .failed(SessionError(.resourceNotAvailable, .mutedMicCannotStartInput)))
        #expect(!h.session("Recorder").isActive)
        h.app("Overriding", .foreground)
        #expect(h.app("Overriding", .record).result == .succeeded)
        h.app("Recorder", .foreground)
        h.device(.builtInMic(muted: false))
        #expect(h.app("Recorder", .record).result == .succeeded)
    }

    @Test("unmuting: no ended by default (the interruption is orphaned); ended with shouldResume with the tunable")
    func unmute() throws {
        for ends in [false, true] {
            var profile = Profile()
            profile.micUnmuteEndsInterruption = ends
            var h = try Harness([Self.recorder], profile: profile)
            h.app("Recorder", .record)
            h.device(.builtInMic(muted: true))
            _ = h.takeNotifications()
            let outcome = h.device(.builtInMic(muted: false))
            let told = h.takeNotifications().filter { if case .interruptionEnded = $0.kind { true } else { false } }
            if ends {
                #expect(told == [Delivered(app: "Recorder", kind: .interruptionEnded(shouldResume: true))])
                #expect(h.session("Recorder").interruption == nil)
            } else {
                #expect(told.isEmpty)
                #expect(h.session("Recorder").interruption?.endPending == false)
                #expect(outcome.rule(for: .interruptionOrphaned, of: "Recorder") == .micUnmuted)
            }
        }
    }

    @Test("activating record while the muted built-in mic is its only input: noSuitableRouteForCategory")
    func noSuitableRoute() throws {
        let memo = AppConfig("Memo", category: .record)
        var h = try Harness([memo, Self.overriding])
        h.app("Overriding", .activate)
        h.device(.builtInMic(muted: true))
        _ = h.takeNotifications()
        let outcome = h.app("Memo", .activate)
        #expect(outcome.result == .succeeded)
        let reasons = h.takeNotifications().compactMap { note -> String? in
            if case .routeChange(let reason, _) = note.kind { return "\(note.app): \(reason)" }
            return nil
        }
        #expect(reasons == ["Memo: noSuitableRouteForCategory", "Overriding: noSuitableRouteForCategory"])
        // Unmuted, the same activation is an ordinary change of owner.
        var h2 = try Harness([memo, Self.overriding])
        h2.app("Overriding", .activate)
        _ = h2.takeNotifications()
        h2.app("Memo", .activate)
        #expect(
            !h2.takeNotifications().contains {
                $0.kind
                    == .routeChange(
                        reason: .noSuitableRouteForCategory,
                        previous: Route(outputs: [Port(.builtInReceiver)], inputs: [Port(.builtInMic)]))
            })
    }

    @Test("waking from sleep: every app with an active session gets a route change, wakeFromSleep")
    func wake() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.game])
        h.app("Music", .play())
        h.app("Maps", .activate)
        _ = h.takeNotifications()
        let outcome = h.device(.wake)
        let previous = Route(outputs: [Port(.builtInSpeaker)])
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Music", kind: .routeChange(reason: .wakeFromSleep, previous: previous)),
                Delivered(app: "Maps", kind: .routeChange(reason: .wakeFromSleep, previous: previous)),
            ])
        #expect(outcome.rule(for: .woke, of: nil) == .wakeFromSleep)
        #expect(h.playing("Music"))
    }
}
