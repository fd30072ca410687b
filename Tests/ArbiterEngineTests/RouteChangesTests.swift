import Testing

@testable import ArbiterEngine

@Suite("Route changes: accessories coming and going, overrides and preferred inputs (reference §6)")
struct RouteChangesTests {
    @Test("last in wins, and unplugging falls back to the previous accessory")
    func lastInWins() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.device(.connect(AccessorySpec(.wiredHeadphones)))
        h.device(.connect(AccessorySpec(.bluetoothHeadphones)))
        #expect(h.engine.currentRoute.outputTypes == [.bluetoothA2DP])
        _ = h.takeNotifications()
        let outcome = h.device(.disconnect(AccessorySpec(.bluetoothHeadphones)))
        #expect(h.engine.currentRoute.outputTypes == [.headphones])
        #expect(
            h.takeNotifications() == [
                Delivered(
                    app: "Music",
                    kind: .routeChange(
                        reason: .oldDeviceUnavailable,
                        previous: Route(
                            outputs: [Port(.bluetoothA2DP, accessory: "bluetoothHeadphones")]))),
                Delivered(app: "Music", kind: .interruptionBegan(reason: .routeDisconnected)),
            ])
        #expect(outcome.rule(for: .route(h.engine.currentRoute), of: nil) == .fallBack)
        h.device(.disconnect(AccessorySpec(.wiredHeadphones)))
        #expect(h.engine.currentRoute.outputTypes == [.builtInSpeaker])
    }

    @Test("plugging in headphones is announced to every app with an active session, newDeviceAvailable")
    func newDeviceAnnounced() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.game])
        h.app("Music", .play())
        h.app("Maps", .activate)
        h.device(.connect(AccessorySpec(.wiredHeadphones)))
        let previous = Route(outputs: [Port(.builtInSpeaker)])
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Music", kind: .routeChange(reason: .newDeviceAvailable, previous: previous)),
                Delivered(app: "Maps", kind: .routeChange(reason: .newDeviceAvailable, previous: previous)),
            ])
    }

    @Test("overrideOutputAudioPort(.speaker): playAndRecord only, announced as override, ends at the next route change")
    func overrideSpeaker() throws {
        var h = try Harness([Apps.voip, Apps.music])
        h.app("Voip", .activate)
        #expect(h.engine.currentRoute.outputTypes == [.builtInReceiver])
        #expect(
            h.takeNotifications().map(\.kind) == [
                .routeChange(
                    reason: .categoryChange,
                    previous: Route(outputs: [Port(.builtInSpeaker)]))
            ],
            "the playAndRecord session takes the hardware: receiver")
        let outcome = h.app("Voip", .overrideOutput(speaker: true))
        #expect(outcome.result == .succeeded)
        #expect(h.engine.currentRoute == Route(outputs: [Port(.builtInSpeaker)], inputs: [Port(.builtInMic)]))
        #expect(
            h.takeNotifications() == [
                Delivered(
                    app: "Voip",
                    kind: .routeChange(
                        reason: .override,
                        previous: Route(outputs: [Port(.builtInReceiver)], inputs: [Port(.builtInMic)])))
            ])
        h.device(.connect(AccessorySpec(.airPlaySpeaker)))
        #expect(!h.session("Voip").overridesToSpeaker)
        #expect(h.engine.currentRoute.outputTypes == [.builtInReceiver])
        h.app("Music", .foreground)
        #expect(h.app("Music", .overrideOutput(speaker: true)).failure == .badParam)
    }

    @Test("every route change ends the overrides made since the one before")
    func overrideEndsAtEachRouteChange() throws {
        var h = try Harness([Apps.voip])
        h.app("Voip", .activate)
        h.app("Voip", .overrideOutput(speaker: true))
        h.device(.connect(AccessorySpec(.wiredHeadphones)))
        #expect(!h.session("Voip").overridesToSpeaker)
        h.app("Voip", .overrideOutput(speaker: true))
        #expect(h.session("Voip").overridesToSpeaker)
        let unplugged = h.device(.disconnect(AccessorySpec(.wiredHeadphones)))
        #expect(!h.session("Voip").overridesToSpeaker)
        #expect(
            unplugged.decisions.contains(
                Decision(
                    app: "Voip", change: .overrideToSpeaker(false),
                    rule: .overrideEndsOnRouteChange)))
    }

    @Test("override none returns to the category's route")
    func overrideNone() throws {
        var h = try Harness([Apps.voip])
        h.app("Voip", .activate)
        h.app("Voip", .overrideOutput(speaker: true))
        _ = h.takeNotifications()
        h.app("Voip", .overrideOutput(speaker: false))
        #expect(h.engine.currentRoute.outputTypes == [.builtInReceiver])
        #expect(
            h.takeNotifications().map(\.kind) == [
                .routeChange(
                    reason: .override, previous: Route(outputs: [Port(.builtInSpeaker)], inputs: [Port(.builtInMic)]))
            ])
    }

    @Test("setPreferredInput picks an available input; an HFP input takes the output with it")
    func preferredInput() throws {
        var h = try Harness(
            [AppConfig("Rec", category: .playAndRecord, options: [.allowBluetoothHFP])],
            device: DeviceConfig(accessories: [AccessorySpec(.bluetoothHeadset), AccessorySpec(.wiredHeadset)]))
        h.app("Rec", .activate)
        #expect(h.engine.currentRoute.inputTypes == [.headsetMic])
        h.app("Rec", .preferInput(.builtInMic))
        #expect(h.engine.currentRoute.inputTypes == [.builtInMic])
        h.app("Rec", .preferInput(.bluetoothHFP))
        #expect(
            h.engine.currentRoute
                == Route(
                    outputs: [Port(.bluetoothHFP, accessory: "bluetoothHeadset")],
                    inputs: [Port(.bluetoothHFP, accessory: "bluetoothHeadset")]))
        var playback = try Harness([Apps.music])
        #expect(playback.app("Music", .preferInput(.builtInMic)).failure == .incompatibleCategory)
        #expect(playback.app("Music", .preferInput(.headphones)).isRejected)
    }

    @Test("a category change of an active session is announced as categoryChange, even with the same ports")
    func categoryChangeAnnounced() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .activate)
        h.app("Music", .setCategory(.playback, mode: .moviePlayback))
        #expect(
            h.takeNotifications() == [
                Delivered(
                    app: "Music",
                    kind: .routeChange(
                        reason: .categoryChange, previous: Route(outputs: [Port(.builtInSpeaker)])))
            ])
    }

    @Test("several accessories of one kind are told apart by name")
    func namedAccessories() throws {
        var h = try Harness([Apps.music])
        h.device(.connect(AccessorySpec(.bluetoothHeadphones)))
        #expect(h.device(.connect(AccessorySpec(.bluetoothHeadphones))).isRejected)
        h.device(.connect(AccessorySpec(.bluetoothHeadphones, name: "AirPods")))
        #expect(h.engine.currentRoute.outputs == [Port(.bluetoothA2DP, accessory: "AirPods")])
        h.device(.disconnect(AccessorySpec(.bluetoothHeadphones, name: "AirPods")))
        #expect(h.engine.currentRoute.outputs == [Port(.bluetoothA2DP, accessory: "bluetoothHeadphones")])
        #expect(h.device(.disconnect(AccessorySpec(.hdmi))).isRejected)
    }

    @Test("iOS 17: the Now Playing session is interrupted (routeDisconnected) when its output goes away; not on iOS 16")
    func routeDisconnected() throws {
        for ios in [16, 17] {
            var engine = try Engine(
                Setup(
                    ios: ios, device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]),
                    apps: [Apps.music, Apps.maps]))
            engine.handle(.app("Music", .play()), at: .zero)
            engine.handle(.app("Maps", .activate), at: .zero)
            let outcome = engine.handle(.device(.disconnect(AccessorySpec(.wiredHeadphones))), at: .seconds(1))
            let kinds = outcome.notifications.map { "\($0.app): \($0.kind)" }
            let previous = "previousOutputs=[headphones(wiredHeadphones)]"
            if ios == 17 {
                #expect(
                    kinds == [
                        "Music: routeChange reason=oldDeviceUnavailable \(previous)",
                        "Maps: routeChange reason=oldDeviceUnavailable \(previous)",
                        "Music: interruptionBegan reason=routeDisconnected",
                    ])
                #expect(engine.app("Music")?.session.interruption?.by == .routeDisconnect)
            } else {
                #expect(
                    kinds == [
                        "Music: routeChange reason=oldDeviceUnavailable \(previous)",
                        "Maps: routeChange reason=oldDeviceUnavailable \(previous)",
                    ])
                #expect(engine.app("Music")?.isPlaying == true, "an audioPlayer keeps playing: the app must pause it")
            }
            #expect(engine.app("Maps")?.session.isActive == true, "only the Now Playing session is interrupted")
        }
    }

    @Test(
        "AVPlayer pauses itself when headphones go away; AVAudioPlayer does not",
        arguments: [
            (PlayerKind.avPlayer, true), (.queuePlayer, true), (.playerViewController, true),
            (.audioPlayer, false), (.audioEngine, false),
        ])
    func unplugPauses(kind: PlayerKind, pauses: Bool) throws {
        var engine = try Engine(
            Setup(
                ios: 16, device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]),
                apps: [Apps.withPlayer(kind)]))
        engine.handle(.app("App", .play()), at: .zero)
        let outcome = engine.handle(.device(.disconnect(AccessorySpec(.wiredHeadphones))), at: .seconds(1))
        #expect(engine.app("App")?.isPlaying == !pauses)
        if pauses { #expect(outcome.rule(for: .player("p", .paused), of: "App") == .avPlayerPausesOnUnplug) }
    }
}
