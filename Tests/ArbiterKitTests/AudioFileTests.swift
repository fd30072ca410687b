import ArbiterEngine
import ArbiterKit
import Testing

@Suite struct AudioFileTests {
    @Test func readingACountOfFramesReadsAtMostThatManyAndMovesOn() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["ding.caf"] = SimulatedMedia(duration: 1)
        let file = try phone.install("Call") { try AVAudioFile(forReading: URL(fileURLWithPath: "/sounds/ding.caf")) }
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 30_000))
        try file.read(into: buffer, frameCount: 20_000)
        #expect(buffer.frameLength == 20_000 && file.framePosition == 20_000)
        try file.read(into: buffer, frameCount: 30_000)
        #expect(buffer.frameLength == 24_100 && file.framePosition == 44_100)  // what was left
        #expect(throws: (any Error).self) { try file.read(into: buffer, frameCount: 30_001) }
    }
}
