import Testing

@testable import ArbiterEngine

@Suite("Rules and errors")
struct RuleTests {
    @Test("error codes carry iOS's OSStatus values")
    func errorCodes() {
        let expected: [ErrorCode: Int32] = [
            .mediaServicesFailed: 1_836_282_486, .isBusy: 560_030_580, .incompatibleCategory: 560_161_140,
            .cannotInterruptOthers: 560_557_684, .missingEntitlement: 1_701_737_535, .siriIsRecording: 1_936_290_409,
            .cannotStartPlaying: 561_015_905, .cannotStartRecording: 561_145_187, .badParam: -50,
            .insufficientPriority: 561_017_449, .resourceNotAvailable: 561_145_203, .unspecified: 2_003_329_396,
            .expiredSession: 561_210_739, .sessionNotActive: 1_768_841_571,
        ]
        for code in ErrorCode.allCases { #expect(code.osStatus == expected[code], "\(code)") }
    }

    @Test("an unknown app, player or a backwards time is rejected with what was expected, and nothing changes")
    func rejections() throws {
        var h = try Harness([Apps.music])
        let before = h.engine
        let unknownApp = h.app("Musik", .play())
        guard case .rejected(let appError) = unknownApp.result else {
            Issue.record("not rejected")
            return
        }
        #expect(appError.message == "unknown app 'Musik'; expected one of: Music")
        let unknownPlayer = h.app("Music", .play(player: "video"))
        guard case .rejected(let playerError) = unknownPlayer.result else {
            Issue.record("not rejected")
            return
        }
        #expect(playerError.message == "app 'Music' has no player 'video'; expected one of: main")
        #expect(h.engine == before)
        h.app("Music", .play(), after: .seconds(5))
        let backwards = h.engine.handle(.app("Music", .pause()), at: .seconds(1))
        guard case .rejected(let timeError) = backwards.result else {
            Issue.record("not rejected")
            return
        }
        #expect(timeError.message == "time 1s is before the current time 5s; expected time to move forward")
    }

    @Test("apps can be declared while running, and a duplicate declaration is rejected")
    func declare() throws {
        var h = try Harness([Apps.music])
        #expect(h.send(.declare(Apps.game)).result == .succeeded)
        #expect(h.appState("Game").lifecycle == .background)
        #expect(h.send(.declare(Apps.game)).isRejected)
        #expect(h.send(.declare(AppConfig("bad name"))).isRejected)
    }

    @Test("setup problems are all reported, one line each")
    func setupProblems() {
        do {
            _ = try Engine(
                Setup(
                    device: DeviceConfig(foreground: "Nobody"),
                    apps: [
                        Apps.music, Apps.music,
                        AppConfig(
                            "Bad", category: .soloAmbient,
                            options: [.mixWithOthers]),
                    ]))
            Issue.record("expected a setup error")
        } catch {
            #expect(
                error.problems == [
                    "app 'Music' is declared twice; expected each app name once",
                    "app 'Bad': category soloAmbient with options [mixWithOthers] fails with badParam "
                        + "(an option the category cannot take (mixing outside playback/playAndRecord/multiRoute, HFP "
                        + "outside record/playAndRecord, A2DP on record/multiRoute, anything on audioProcessing) fails with -50)",
                    "foreground app 'Nobody' is not declared; expected one of the apps",
                ])
        }
    }

    @Test("time prints as the scenario format writes it")
    func timeDescription() {
        #expect(Time.ms(250).description == "250ms")
        #expect(Time.seconds(12).description == "12s")
        #expect(Time.seconds(1.5).description == "1.5s")
        #expect(Time.seconds(120).description == "2m")
        #expect(Time.seconds(90.25).description == "1m30.25s")
        #expect(Time.ms(1005).description == "1.005s")
    }
}
