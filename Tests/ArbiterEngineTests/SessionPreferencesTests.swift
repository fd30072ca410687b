import Testing

@testable import ArbiterEngine

@Suite("Session preferences: route disconnect (iOS 17+) and system alerts (iOS 14.5+), reference §5.2")
struct SessionPreferencesTests {
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
            #expect(
                h.takeNotifications().last
                    == Delivered(app: "Music", kind: .interruptionBegan(reason: .routeDisconnected)))
            #expect(outcome.rule(for: .interrupted(by: .routeDisconnect), of: "Music") == .routeDisconnectedInterrupts)
        }
        var h = try Harness([Apps.music], device: headphones)
        h.app("Music", .setPrefersInterruptionOnRouteDisconnect(false))
        let back = h.app("Music", .setPrefersInterruptionOnRouteDisconnect(true))
        #expect(
            back.rule(for: .sessionPreference(.interruptionOnRouteDisconnect, true), of: "Music")
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
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
                Delivered(
                    app: "Call",
                    kind: .routeChange(reason: .categoryChange, previous: Route(outputs: [Port(.builtInSpeaker)]))),
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
        #expect(
            h.takeNotifications() == [
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
        #expect(
            h.takeNotifications() == [
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
