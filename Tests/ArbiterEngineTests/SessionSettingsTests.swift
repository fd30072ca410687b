import Testing
@testable import ArbiterEngine

@Suite("Session preferences: route disconnect (iOS 17+) and system alerts (iOS 14.5+), reference §5.2")
struct SessionPreferenceTests {
    private let headphones = DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)])

    /// Music (Now Playing, playing to the headphones) and Maps active; the headphones are then unplugged.
    private func unplug(ios: Int = 17, prefers: Bool?) throws -> (Harness, Outcome) {
        var h = try Harness([Apps.music, Apps.maps], device: headphones, ios: ios)
        if let prefers {
            let set = h.app("Music", .setPrefersInterruptionOnRouteDisconnect(prefers))
            #expect(set.result == .succeeded)
        }
        h.app("Music", .play())
        h.app("Maps", .activate)
        _ = h.takeNotifications()
        let outcome = h.device(.disconnect(AccessorySpec(.wiredHeadphones)))
        return (h, outcome)
    }

    @Test("setPrefersInterruptionOnRouteDisconnect(false): the Now Playing session is not interrupted on unplug")
    func optOut() throws {
        var (h, _) = try unplug(prefers: false)
        let kinds = h.takeNotifications().map(\.kind)
        #expect(!kinds.contains(.interruptionBegan(reason: .routeDisconnected)))
        #expect(kinds.count == 2, "only the two route changes")
        #expect(h.session("Music").isActive && h.session("Music").interruption == nil)
        #expect(h.playing("Music"), "an audioPlayer keeps playing: the app must pause it itself")
    }

    @Test("the default, and setting it back to true, keep the routeDisconnected interruption")
    func optBackIn() throws {
        for prefers in [nil, true] as [Bool?] {
            var (h, outcome) = try unplug(prefers: prefers)
            #expect(h.takeNotifications().last == Delivered(app: "Music", kind: .interruptionBegan(reason: .routeDisconnected)))
            #expect(outcome.rule(for: .interrupted(by: .routeDisconnect), of: "Music") == .routeDisconnectedInterrupts)
        }
        var h = try Harness([Apps.music], device: headphones)
        h.app("Music", .setPrefersInterruptionOnRouteDisconnect(false))
        let back = h.app("Music", .setPrefersInterruptionOnRouteDisconnect(true))
        #expect(back.rule(for: .sessionPreference(.interruptionOnRouteDisconnect, true), of: "Music")
            == .prefersInterruptionOnRouteDisconnect)
        #expect(h.session("Music").prefersInterruptionOnRouteDisconnect)
    }

    @Test("before iOS 17 the call does not exist: the engine rejects it and changes nothing")
    func rejectedBefore17() throws {
        var h = try Harness([Apps.music], ios: 16)
        let outcome = h.app("Music", .setPrefersInterruptionOnRouteDisconnect(false))
        guard case .rejected(let error) = outcome.result else {
            Issue.record("expected a rejection, got \(outcome.result)")
            return
        }
        #expect(error.description.contains("iOS 17"))
        #expect(h.session("Music").prefersInterruptionOnRouteDisconnect)
    }

    /// Call (playAndRecord, recording) and Music (playing), both active; Call prefers no interruptions from alerts.
    private func ringing(style: CallStyle) throws -> Harness {
        let call = AppConfig("Call", backgroundModes: [.audio], category: .playAndRecord, options: [.mixWithOthers])
        var h = try Harness([call, Apps.music], device: DeviceConfig(callStyle: style))
        h.app("Call", .setPrefersNoInterruptionsFromSystemAlerts(true))
        h.app("Call", .record)
        h.app("Music", .foreground)
        h.app("Music", .play())
        #expect(h.appState("Call").isRecording && h.playing("Music"))
        _ = h.takeNotifications()
        h.system(.incomingCall)
        return h
    }

    @Test("a Banner-style ringing call spares the app that prefers no interruptions; others are interrupted")
    func bannerSpares() throws {
        var h = try ringing(style: .banner)
        // Call, still active, owns the route now that Music is interrupted: it hears of the change of owner.
        #expect(h.takeNotifications() == [
            Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
            Delivered(app: "Call", kind: .routeChange(reason: .categoryChange, previous: Route(outputs: [Port(.builtInSpeaker)]))),
        ])
        #expect(h.session("Call").isActive && h.appState("Call").isRecording)
    }

    @Test("answering the call interrupts the spared app then, by its own rule")
    func answerInterrupts() throws {
        var h = try ringing(style: .banner)
        _ = h.takeNotifications()
        let outcome = h.system(.answerCall)
        #expect(h.takeNotifications() == [Delivered(app: "Call", kind: .interruptionBegan(reason: .default))])
        #expect(!h.session("Call").isActive && !h.appState("Call").isRecording)
        #expect(outcome.rule(for: .interrupted(by: .phoneCall), of: "Call") == .bannerCallAnsweredInterrupts)
        h.system(.endCall)
        #expect(h.takeNotifications() == [
            Delivered(app: "Call", kind: .interruptionEnded(shouldResume: true)),
            Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true)),
        ])
    }

    @Test("declining the call tells nothing to the app it never interrupted")
    func declineTellsNothing() throws {
        var h = try ringing(style: .banner)
        _ = h.takeNotifications()
        h.system(.declineCall)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true))])
        #expect(h.session("Call").isActive)
    }

    @Test("a full-screen call ignores the preference")
    func fullScreenIgnores() throws {
        var h = try ringing(style: .fullScreen)
        #expect(h.takeNotifications() == [
            Delivered(app: "Call", kind: .interruptionBegan(reason: .default)),
            Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
        ])
    }

    @Test("without the preference a Banner-style call interrupts as before")
    func bannerWithoutPreference() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        _ = h.takeNotifications()
        let outcome = h.system(.incomingCall)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionBegan(reason: .default))])
        #expect(outcome.rule(for: .interrupted(by: .phoneCall), of: "Music") == .callInterrupts)
    }
}

@Suite("The built-in mic muted in hardware (reference §5.2, §2.1), wake and no suitable route (§6.1)")
struct BuiltInMicTests {
    static let recorder = AppConfig("Recorder", backgroundModes: [.audio], category: .playAndRecord)
    static let overriding = AppConfig("Overriding", backgroundModes: [.audio], category: .playAndRecord,
                                      options: [.overrideMutedMicrophoneInterruption, .mixWithOthers])

    @Test("muting interrupts a session running input from the built-in mic, reason builtInMicMuted")
    func muteInterrupts() throws {
        // A mixable recorder, so that Music playing does not interrupt it.
        var h2 = try Harness([AppConfig("Recorder", backgroundModes: [.audio], category: .playAndRecord,
                                        options: [.mixWithOthers]), Apps.music])
        h2.app("Recorder", .record)
        h2.app("Music", .foreground)
        h2.app("Music", .play())
        #expect(h2.appState("Recorder").isRecording)
        _ = h2.takeNotifications()
        let outcome = h2.device(.builtInMic(muted: true))
        #expect(h2.takeNotifications() == [Delivered(app: "Recorder", kind: .interruptionBegan(reason: .builtInMicMuted))])
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
        #expect(!h2.takeNotifications().contains { $0.kind == .routeChange(reason: .noSuitableRouteForCategory,
                                                                               previous: Route(outputs: [Port(.builtInReceiver)], inputs: [Port(.builtInMic)])) })
    }

    @Test("waking from sleep: every app with an active session gets a route change, wakeFromSleep")
    func wake() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.game])
        h.app("Music", .play())
        h.app("Maps", .activate)
        _ = h.takeNotifications()
        let outcome = h.device(.wake)
        let previous = Route(outputs: [Port(.builtInSpeaker)])
        #expect(h.takeNotifications() == [
            Delivered(app: "Music", kind: .routeChange(reason: .wakeFromSleep, previous: previous)),
            Delivered(app: "Maps", kind: .routeChange(reason: .wakeFromSleep, previous: previous)),
        ])
        #expect(outcome.rule(for: .woke, of: nil) == .wakeFromSleep)
        #expect(h.playing("Music"))
    }
}
