import ArbiterEngine
import ArbiterKit
import Testing

/// A call SDK's sound-effect pool, as written for iOS: a mixer of player nodes whose render limit follows the
/// output's, each buffer scheduled with a completion callback type.
final class SoundEffectPool {
    let engine = AVAudioEngine()
    let mixer = AVAudioMixerNode()
    let node = AVAudioPlayerNode()
    var finished: [AVAudioPlayerNodeCompletionCallbackType] = []

    func play(seconds: Double) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback)
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        engine.attach(mixer)
        engine.attach(node)
        engine.connect(node, to: mixer, format: format)
        engine.connect(mixer, to: engine.mainMixerNode, format: format)
        mixer.auAudioUnit.maximumFramesToRender = engine.outputNode.auAudioUnit.maximumFramesToRender
        try engine.start()
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(seconds * 48_000))!
        buffer.frameLength = buffer.frameCapacity
        node.scheduleBuffer(buffer, completionCallbackType: .dataPlayedBack) { [weak self] in self?.finished.append($0)
        }
        node.play()
    }
}

@Suite struct PlayerNodeSchedulingTests {
    @Test func aBufferWithACallbackTypeCompletesWhenItHasPlayed() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let pool = try phone.install("Call") { SoundEffectPool() }
        try phone.run(in: "Call") { try pool.play(seconds: 0.5) }
        #expect(pool.node.isPlaying && pool.finished.isEmpty)
        phone.advance(by: .ms(400))
        #expect(pool.finished.isEmpty)
        phone.advance(by: .ms(100))
        #expect(pool.finished == [.dataPlayedBack])
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aSegmentWithACallbackTypeCompletesWhenItHasPlayed() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["chime.caf"] = SimulatedMedia(duration: 3)
        let engine = try phone.install("Call") { AVAudioEngine() }
        let node = AVAudioPlayerNode()
        var finished: [AVAudioPlayerNodeCompletionCallbackType] = []
        try phone.run(in: "Call") {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            let file = try AVAudioFile(forReading: URL(fileURLWithPath: "/sounds/chime.caf"))
            engine.attach(node)
            engine.connect(node, to: engine.mainMixerNode, format: file.processingFormat)
            try engine.start()
            node.scheduleSegment(
                file, startingFrame: 0, frameCount: 44_100, at: nil,
                completionCallbackType: .dataRendered
            ) { finished.append($0) }
            node.play()
        }
        phone.advance(by: .seconds(1))
        #expect(finished == [.dataRendered])
    }

    @Test func aNodesAudioUnitKeepsItsRenderLimit() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let pool = try phone.install("Call") { SoundEffectPool() }
        #expect(pool.engine.outputNode.auAudioUnit.maximumFramesToRender == 1156)  // QA1606's default
        pool.node.auAudioUnit.maximumFramesToRender = 4096
        #expect(pool.node.auAudioUnit.maximumFramesToRender == 4096)
        #expect(pool.node.auAudioUnit === pool.node.auAudioUnit)
    }
}
