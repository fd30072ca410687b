import ArbiterEngine
import ArbiterKit
import Testing

/// A call SDK's resampler, as written for iOS: one converter from the file's format to the mixer's.
final class Resampler {
    let converter: AVAudioConverter
    let output: AVAudioPCMBuffer

    init?(from input: AVAudioFormat, to outputFormat: AVAudioFormat) {
        guard let converter = AVAudioConverter(from: input, to: outputFormat),
            let output = AVAudioPCMBuffer(pcmFormat: outputFormat, frameCapacity: 4_800)
        else { return nil }
        self.converter = converter
        self.output = output
    }

    func convert(_ input: AVAudioPCMBuffer) -> (AVAudioConverterOutputStatus, NSError?) {
        var error: NSError?
        nonisolated(unsafe) var handed = false  // the block is @Sendable; it runs synchronously here
        let status = converter.convert(to: output, error: &error) { _, inputStatus in
            if handed {
                inputStatus.pointee = .noDataNow
                return nil
            }
            handed = true
            inputStatus.pointee = .haveData
            return input
        }
        return (status, error)
    }
}

@Suite struct AudioConverterTests {
    let mono44 = AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1)!
    let stereo48 = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)!

    @Test func aConverterIsMadeAndConfiguredAsOnIOS() throws {
        let converter = try #require(AVAudioConverter(from: mono44, to: stereo48))
        #expect(converter.inputFormat === mono44 && converter.outputFormat === stereo48)
        #expect(converter.channelMap == [0, 0])  // the one input channel into both outputs
        converter.sampleRateConverterQuality = AVAudioQuality.high.rawValue
        converter.downmix = true
        #expect(converter.sampleRateConverterQuality == AVAudioQuality.high.rawValue && converter.downmix)
        #expect(AVAudioConverter(from: mono44, to: AVAudioFormat()) == nil)  // no rate, no channels
        let buffer: AVAudioBuffer = try #require(AVAudioPCMBuffer(pcmFormat: stereo48, frameCapacity: 1))
        #expect(buffer.format === stereo48)
    }

    @Test func convertingIsReportedAsNotModelledAndFails() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let resampler = try #require(try phone.install("Call") { Resampler(from: mono44, to: stereo48) })
        let input = try #require(AVAudioPCMBuffer(pcmFormat: mono44, frameCapacity: 441))
        input.frameLength = 441
        resampler.output.frameLength = 10
        var result: (AVAudioConverterOutputStatus, NSError?)?
        withKnownIssue {
            result = phone.run(in: "Call") { resampler.convert(input) }
        } matching: {
            $0.description.contains("AVAudioConverter.convert(to:error:withInputFrom:) (converting samples)")
        }
        #expect(result?.0 == .error)
        #expect(result?.1?.domain == NSOSStatusErrorDomain && result?.1?.code == -4)
        #expect(resampler.output.frameLength == 0)
        #expect(phone.diagnostics.count == 1)
        withKnownIssue {
            #expect(throws: (any Error).self) {
                try phone.run(in: "Call") { try resampler.converter.convert(to: resampler.output, from: input) }
            }
        } matching: {
            $0.description.contains("AVAudioConverter.convert(to:from:)")
        }
    }
}
