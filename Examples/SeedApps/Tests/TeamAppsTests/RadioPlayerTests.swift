import ArbiterKit
import TeamApps
import Testing

/// The radio app keeps its player in a singleton: each test installs it on a phone of its own, whose launch returns
/// the same object, and the phone carries the app over. The suite runs one test at a time, as tests over one
/// singleton must.
@Suite(.serialized) struct RadioPlayerTests {
    @Test func aCallPausesTheRadio() throws {
        let phone = try SimulatedPhone(ios: 17)
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioPlayer.shared }
        phone.run(in: "Radio") { radio.play() }
        phone.send(.system(.incomingCall))
        #expect(radio.player.timeControlStatus == .paused)
    }

    @Test func itResumesHalfASecondAfterACallThatSaysItShould() throws {
        let phone = try SimulatedPhone(ios: 17)
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioPlayer.shared }
        phone.run(in: "Radio") {
            radio.tune(to: URL(string: "https://radio.example/jazz.m3u8")!, name: "Jazz")
            radio.play()
        }
        #expect(phone.engine.nowPlayingView(at: phone.now)?.title == "Jazz")
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(30))
        phone.send(.system(.declineCall))
        #expect(radio.player.timeControlStatus == .paused)
        phone.advance(by: .ms(500))
        #expect(radio.player.timeControlStatus == .playing)
        #expect(
            phone.transcript.contains {
                $0.outcome.time == .ms(30_500) && $0.cause == .code("Radio", "AVPlayer(avPlayer).play()")
            })
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func theSleepTimerStopsItAndTheLockScreenShowsIt() throws {
        let phone = try SimulatedPhone(ios: 17)
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioPlayer.shared }
        phone.run(in: "Radio") {
            radio.tune(to: URL(string: "https://radio.example/news.m3u8")!, name: "News")
            radio.play()
            radio.stopAfter(minutes: 15)
        }
        phone.send(.app("Radio", .background))
        phone.advance(by: .seconds(15 * 60 - 1))
        #expect(radio.player.timeControlStatus == .playing)
        phone.advance(by: .seconds(1))
        #expect(radio.sleepTimerFired && radio.player.timeControlStatus == .paused)
        #expect(phone.engine.nowPlayingView(at: phone.now)?.rate == 0)
    }

    @Test func theLockScreensPlayNeedsAStation() throws {
        let phone = try SimulatedPhone(ios: 17)
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioPlayer.shared }
        phone.run(in: "Radio") {
            radio.tune(to: URL(string: "https://radio.example/jazz.m3u8")!, name: "Jazz")
            radio.play()
        }
        phone.send(.system(.remote(.pause)))
        phone.send(.system(.remote(.play)))
        #expect(phone.app("Radio")?.remoteCommandResults.map(\.statuses) == [[.success], [.success]])
        #expect(radio.player.timeControlStatus == .playing)
    }
}
