import ArbiterKit
import Testing

/// No value an app's code passes stops the test process: not-a-number, infinities and times beyond any run are
/// refused or reported, or wait forever, as the API says; the phone goes on.
@Suite struct ExtremeValueTests {
    final class Reckless: @unchecked Sendable {
        let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
        let audioPlayer: AVAudioPlayer?
        var timers: [Timer] = []
        var ran = 0

        init() {
            audioPlayer = try? AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/media/clip.caf"))
        }

        func everythingAtOnce() {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
            for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0, -1] {
                player.seek(to: CMTime(seconds: value, preferredTimescale: 600))
                player.seek(to: CMTimeMakeWithSeconds(value, preferredTimescale: 1))
                player.rate = Float(value)
                _ = player.addPeriodicTimeObserver(
                    forInterval: CMTime(seconds: value, preferredTimescale: 1),
                    queue: .main
                ) { [unowned self] _ in ran += 1 }
                timers.append(
                    Timer.scheduledTimer(withTimeInterval: value, repeats: true) { [unowned self] _ in ran += 1 })
                DispatchQueue.main.asyncAfter(deadline: .now() + value) { [unowned self] in ran += 1 }
                audioPlayer?.currentTime = value
                audioPlayer?.rate = Float(value)
                try? AVAudioSession.sharedInstance().setPreferredSampleRate(value)
                try? AVAudioSession.sharedInstance().setPreferredIOBufferDuration(value)
                MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                    MPNowPlayingInfoPropertyElapsedPlaybackTime: value,
                    MPNowPlayingInfoPropertyPlaybackRate: value,
                    MPMediaItemPropertyPlaybackDuration: value,
                ]
                _ = CMTime(seconds: value, preferredTimescale: 1) + CMTime(value: .max, timescale: 1)
                _ = CMTimeMultiplyByFloat64(CMTime(value: 1, timescale: 1), multiplier: value)
            }
            audioPlayer?.play()
            player.play()
        }
    }

    @Test func extremeValuesNeverStopTheProcess() throws {
        let phone = try SimulatedPhone()
        phone.media["song.mp3"] = SimulatedMedia(duration: 180)
        let app = try phone.install("Reckless", backgroundModes: [.audio]) { Reckless() }
        withKnownIssue(isIntermittent: true) {
            phone.run(in: "Reckless") { app.everythingAtOnce() }
            phone.advance(by: .seconds(5))
            phone.send(.system(.incomingCall))
            phone.send(.system(.endCall))
            phone.advance(by: .seconds(2))
        }
        // The phone is still there and still answers.
        #expect(phone.now == .seconds(7))
        #expect(app.ran > 0)
        for timer in app.timers { timer.invalidate() }
    }
}

/// Code that keeps sending work for the same instant cannot stop time: the phone reports it and lets time move on.
@Test func workThatSendsItselfForeverIsReportedAndTimeMovesOn() throws {
    final class Spinner: @unchecked Sendable {
        var spins = 0
        func spin() {
            spins += 1
            DispatchQueue.main.async { self.spin() }
        }
    }
    let phone = try SimulatedPhone()
    let app = try phone.install("Spinner") { Spinner() }
    withKnownIssue {
        phone.run(in: "Spinner") { app.spin() }
    }
    #expect(app.spins == 100_001)
    #expect(phone.diagnostics.first?.contains("more than 100000 pieces of work were sent for 0s") == true)
    withKnownIssue(isIntermittent: true) {
        phone.advance(by: .ms(2))
    }
    #expect(app.spins == 300_001)
}
