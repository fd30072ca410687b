import Testing

@testable import ArbiterEngine

@Suite("Routing: the route a session gets from its configuration and the accessories (reference §6)")
struct RoutingTests {
    private func route(
        _ category: Category, mode: Mode = .default, options: CategoryOptions = [],
        accessories: [AccessoryKind] = [], profile: Profile = Profile()
    ) throws -> Route {
        var h = try Harness(
            [AppConfig("App", category: category, mode: mode, options: options)], profile: profile,
            device: DeviceConfig(accessories: accessories.map { AccessorySpec($0) }))
        h.app("App", .activate)
        return h.engine.currentRoute
    }

    @Test("built-in defaults: speaker for output-only categories, receiver for playAndRecord, no output for record")
    func builtInDefaults() throws {
        #expect(try route(.playback) == Route(outputs: [Port(.builtInSpeaker)]))
        #expect(try route(.ambient).outputTypes == [.builtInSpeaker])
        #expect(try route(.playAndRecord) == Route(outputs: [Port(.builtInReceiver)], inputs: [Port(.builtInMic)]))
        #expect(try route(.playAndRecord, options: [.defaultToSpeaker]).outputTypes == [.builtInSpeaker])
        #expect(try route(.playAndRecord, mode: .videoChat).outputTypes == [.builtInSpeaker])
        #expect(try route(.playAndRecord, mode: .voiceChat).outputTypes == [.builtInReceiver])
        #expect(try route(.record) == Route(outputs: [], inputs: [Port(.builtInMic)]))
        #expect(try route(.audioProcessing) == Route())
    }

    @Test(
        "accessories bring their ports",
        arguments: [
            (AccessoryKind.wiredHeadphones, [PortType.headphones], [PortType]()),
            (.wiredHeadset, [.headphones], [.headsetMic]),
            (.bluetoothHeadphones, [.bluetoothA2DP], []),
            (.bluetoothHeadset, [.bluetoothA2DP, .bluetoothHFP], [.bluetoothHFP]),
            (.carPlay, [.carAudio], [.carAudio]),
            (.airPlaySpeaker, [.airPlay], []),
            (.usbInterface, [.usbAudio], [.usbAudio]),
            (.hdmi, [.HDMI], []),
            (.lineOut, [.lineOut], []),
        ])
    func accessoryPorts(kind: AccessoryKind, outputs: [PortType], inputs: [PortType]) {
        #expect(kind.outputs == outputs)
        #expect(kind.inputs == inputs)
    }

    @Test("A2DP and AirPlay: always for output-only categories, only with their options for playAndRecord")
    func a2dpAndAirPlay() throws {
        #expect(try route(.playback, accessories: [.bluetoothHeadphones]).outputTypes == [.bluetoothA2DP])
        #expect(try route(.soloAmbient, accessories: [.airPlaySpeaker]).outputTypes == [.airPlay])
        #expect(try route(.playAndRecord, accessories: [.bluetoothHeadphones]).outputTypes == [.builtInReceiver])
        #expect(
            try route(.playAndRecord, options: [.allowBluetoothA2DP], accessories: [.bluetoothHeadphones])
                .outputTypes == [.bluetoothA2DP])
        #expect(try route(.playAndRecord, accessories: [.airPlaySpeaker]).outputTypes == [.builtInReceiver])
        #expect(
            try route(.playAndRecord, options: [.allowAirPlay], accessories: [.airPlaySpeaker]).outputTypes
                == [.airPlay])
    }

    @Test("record and multiRoute never use A2DP or AirPlay")
    func recordAndMultiRouteNoA2DP() throws {
        #expect(try route(.record, accessories: [.bluetoothHeadset]).inputTypes == [.builtInMic])
        #expect(
            try route(.multiRoute, accessories: [.bluetoothHeadphones, .airPlaySpeaker]).outputTypes
                == [.builtInSpeaker])
    }

    @Test("HFP only with allowBluetoothHFP, winning over A2DP on the same device, in both directions")
    func hfp() throws {
        let withA2DP = try route(.playAndRecord, options: [.allowBluetoothA2DP], accessories: [.bluetoothHeadset])
        #expect(withA2DP.outputTypes == [.bluetoothA2DP])
        #expect(withA2DP.inputTypes == [.builtInMic])
        let both = try route(
            .playAndRecord, options: [.allowBluetoothA2DP, .allowBluetoothHFP],
            accessories: [.bluetoothHeadset])
        #expect(both.outputTypes == [.bluetoothHFP])
        #expect(both.inputTypes == [.bluetoothHFP])
        #expect(
            try route(.playAndRecord, mode: .voiceChat, accessories: [.bluetoothHeadset]).outputTypes
                == [.bluetoothHFP])
        #expect(
            try route(.record, options: [.allowBluetoothHFP], accessories: [.bluetoothHeadset]).inputTypes
                == [.bluetoothHFP])
        #expect(try route(.playback, accessories: [.bluetoothHeadset]).outputTypes == [.bluetoothA2DP])
    }

    @Test("separate Bluetooth devices: last in wins for output, HFP or A2DP; HFP keeps priority only on one device")
    func bluetoothLastInAcrossDevices() throws {
        let chat = AppConfig("Chat", category: .playAndRecord, options: [.allowBluetoothHFP, .allowBluetoothA2DP])
        var h = try Harness([chat], device: DeviceConfig(accessories: [AccessorySpec(.bluetoothHeadset)]))
        h.app("Chat", .activate)
        let headset = Port(.bluetoothHFP, accessory: "bluetoothHeadset")
        #expect(h.engine.currentRoute == Route(outputs: [headset], inputs: [headset]))
        h.device(.connect(AccessorySpec(.bluetoothHeadphones, name: "Earbuds")))
        #expect(
            h.engine.currentRoute
                == Route(
                    outputs: [Port(.bluetoothA2DP, accessory: "Earbuds")],
                    inputs: [Port(.builtInMic)]),
            "the earbuds are last in: they take the output, and the headset's HFP mic would drag it back")
        h.device(.disconnect(AccessorySpec(.bluetoothHeadphones, name: "Earbuds")))
        #expect(h.engine.currentRoute == Route(outputs: [headset], inputs: [headset]))
        h.device(.connect(AccessorySpec(.wiredHeadphones)))
        #expect(h.engine.currentRoute.outputTypes == [.headphones])
        h.app("Chat", .preferInput(.bluetoothHFP))
        #expect(
            h.engine.currentRoute == Route(outputs: [headset], inputs: [headset]),
            "preferring the HFP input routes both directions to the headset")
        var reversed = try Harness(
            [chat],
            device: DeviceConfig(accessories: [
                AccessorySpec(.bluetoothHeadphones, name: "Earbuds"), AccessorySpec(.bluetoothHeadset),
            ]))
        reversed.app("Chat", .activate)
        #expect(reversed.engine.currentRoute == Route(outputs: [headset], inputs: [headset]))
    }

    @Test("defaultToSpeaker replaces only the receiver: headphones still win (unless the profile says otherwise)")
    func defaultToSpeakerWithHeadphones() throws {
        #expect(
            try route(.playAndRecord, options: [.defaultToSpeaker], accessories: [.wiredHeadset])
                == Route(
                    outputs: [Port(.headphones, accessory: "wiredHeadset")],
                    inputs: [Port(.headsetMic, accessory: "wiredHeadset")]))
        var profile = Profile()
        profile.defaultToSpeakerOverridesHeadphones = true
        #expect(
            try route(.playAndRecord, options: [.defaultToSpeaker], accessories: [.wiredHeadset], profile: profile)
                .outputTypes == [.builtInSpeaker])
    }

    @Test("a route is derived for the accessories connected now, whichever configuration asked for it before")
    func routeFollowsAccessoriesAcrossConfigurations() throws {
        var h = try Harness([Apps.music])
        let left = AccessorySpec(.wiredHeadphones, name: "Left")
        let right = AccessorySpec(.wiredHeadphones, name: "Right")
        func outputs() -> [Port] { h.engine.currentRoute.outputs }
        h.device(.connect(left))
        h.app("Music", .activate)
        #expect(outputs() == [Port(.headphones, accessory: "Left")])
        h.app("Music", .deactivate())
        #expect(outputs() == [Port(.headphones, accessory: "Left")])
        h.device(.disconnect(left))
        #expect(outputs() == [Port(.builtInSpeaker)])
        h.device(.connect(right))
        #expect(outputs() == [Port(.headphones, accessory: "Right")])
        // The same session configuration as in the first step, with other headphones: their route, not the first.
        let activated = h.app("Music", .activate)
        #expect(outputs() == [Port(.headphones, accessory: "Right")])
        #expect(!activated.decisions.contains { if case .route = $0.change { true } else { false } })
        h.device(.disconnect(right))
        // The first headphones again (a new connection of the same set): their route again.
        let plugged = h.device(.connect(left))
        #expect(outputs() == [Port(.headphones, accessory: "Left")])
        let leftRoute = Route(outputs: [Port(.headphones, accessory: "Left")])
        #expect(plugged.decisions.contains { $0.change == .route(leftRoute) })
        h.app("Music", .deactivate())
        h.app("Music", .setCategory(.playAndRecord))
        h.app("Music", .activate)
        #expect(h.engine.currentRoute == Route(outputs: leftRoute.outputs, inputs: [Port(.builtInMic)]))
    }

    @Test("routes are remembered per accessory set, in connection order; a full memo starts afresh")
    func routeMemoKeys() {
        var memo = RouteMemo()
        let wired = Accessory(kind: .wiredHeadphones, name: nil, serial: 1)
        let bluetooth = Accessory(kind: .bluetoothHeadphones, name: nil, serial: 2)
        let key = RouteKey(AudioSession())
        let route = Route(outputs: [Port(.bluetoothA2DP, accessory: "bluetoothHeadphones")])
        memo.identify([wired, bluetooth], at: 1)
        memo.remember(route, for: key)
        #expect(memo.route(for: key) == route)
        memo.identify([bluetooth, wired], at: 2)
        #expect(memo.route(for: key) == nil, "the other order is another set: the last connected wins")
        var again = bluetooth
        again.serial = 3
        memo.identify([wired, again], at: 3)
        #expect(memo.route(for: key) == route, "the same set connected again, whatever the serials")

        var keys: [RouteKey] = []
        for category in Category.allCases {
            for mode in Mode.allCases {
                var session = AudioSession()
                session.category = category
                session.mode = mode
                if !keys.contains(RouteKey(session)) { keys.append(RouteKey(session)) }
            }
        }
        #expect(keys.count > RouteMemo.capacity)
        var fresh = RouteMemo()
        fresh.identify([], at: 1)
        for (n, key) in keys.prefix(RouteMemo.capacity + 1).enumerated() {
            fresh.remember(Route(outputs: [Port(.builtInSpeaker, accessory: "\(n)")]), for: key)
        }
        #expect(fresh.route(for: keys[0]) == nil, "forgotten when the memo was full")
        #expect(
            fresh.route(for: keys[RouteMemo.capacity])
                == Route(outputs: [
                    Port(
                        .builtInSpeaker,
                        accessory: "\(RouteMemo.capacity)")
                ]))
    }

    @Test("multiRoute drives every eligible output at once; the speaker only when there is none")
    func multiRoute() throws {
        #expect(
            try route(.multiRoute, accessories: [.usbInterface, .wiredHeadphones, .hdmi]).outputTypes
                == [.usbAudio, .headphones, .HDMI])
        #expect(try route(.multiRoute).outputTypes == [.builtInSpeaker])
        #expect(try route(.multiRoute, accessories: [.wiredHeadset, .usbInterface]).inputTypes == [.usbAudio])
    }

    @Test("the route belongs to the most recent active non-mixable session, else the most recent active one")
    func routeOwner() throws {
        var h = try Harness([Apps.voip, Apps.maps, Apps.music])
        #expect(h.engine.routeOwner == nil)
        h.app("Maps", .activate)
        #expect(h.engine.routeOwner == "Maps")
        h.app("Voip", .activate)
        #expect(h.engine.routeOwner == "Voip")
        #expect(h.engine.currentRoute.outputTypes == [.builtInReceiver])
        h.app("Voip", .deactivate())
        #expect(h.engine.routeOwner == "Maps")
    }
}
