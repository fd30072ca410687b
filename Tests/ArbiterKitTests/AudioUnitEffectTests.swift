import ArbiterEngine
import ArbiterKit
import Testing

/// A voice changer, as written for iOS: a player node through pitch, distortion, reverb, delay and an equalizer.
final class VoiceChanger {
    let engine = AVAudioEngine()
    let node = AVAudioPlayerNode()
    let pitch = AVAudioUnitTimePitch()
    let distortion = AVAudioUnitDistortion()
    let reverb = AVAudioUnitReverb()
    let delay = AVAudioUnitDelay()
    let equalizer = AVAudioUnitEQ(numberOfBands: 2)

    func build() throws {
        try AVAudioSession.sharedInstance().setCategory(.playback)
        let chain: [AVAudioNode] = [node, pitch, distortion, reverb, delay, equalizer]
        chain.forEach(engine.attach)
        for (from, to) in zip(chain, chain.dropFirst() + [engine.mainMixerNode]) {
            engine.connect(from, to: to, format: nil)
        }
        pitch.pitch = 800
        distortion.loadFactoryPreset(.speechAlienChatter)
        reverb.loadFactoryPreset(.cathedral)
        reverb.wetDryMix = 40
        delay.delayTime = 0.25
        equalizer.bands[0].filterType = .lowShelf
        equalizer.bands[0].bypass = false
        try engine.start()
    }
}

@Suite struct AudioUnitEffectTests {
    @Test func effectsAreNodesWhoseParametersAreKept() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let changer = try phone.install("Voices") { VoiceChanger() }
        try phone.run(in: "Voices") { try changer.build() }
        #expect(changer.engine.isRunning && changer.engine.attachedNodes.contains(changer.reverb))
        #expect(changer.pitch.pitch == 800 && changer.distortion.preset == .speechAlienChatter)
        #expect(changer.reverb.preset == .cathedral && changer.reverb.wetDryMix == 40)
        #expect(changer.delay.delayTime == 0.25 && changer.delay.feedback == 50)
        #expect(changer.equalizer.bands.count == 2 && changer.equalizer.bands[0].filterType == .lowShelf)
        #expect(!changer.equalizer.bands[0].bypass && changer.equalizer.bands[1].bypass)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aRateOtherThanOneIsReportedOnceForEachUnit() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let changer = try phone.install("Voices") { VoiceChanger() }
        let varispeed = AVAudioUnitVarispeed()
        withKnownIssue {
            phone.run(in: "Voices") {
                changer.engine.attach(varispeed)
                changer.pitch.rate = 1.5
                changer.pitch.rate = 2
                varispeed.rate = 8
            }
        } matching: {
            $0.description.contains("rate = ") && $0.description.contains("is not modelled")
        }
        #expect(varispeed.rate == 4)  // clamped to 0.25...4
        #expect(phone.diagnostics.count == 2)
    }
}
