import ArbiterEngine
import ArbiterKit
import Testing

@Suite struct PlatformConstantsTests {
    @Test func dispatchTimeUnitsAreDarwins() {
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && NSEC_PER_USEC == 1_000)
        #expect(USEC_PER_SEC == 1_000_000)
        let interval = CMTime(seconds: 0.5, preferredTimescale: CMTimeScale(NSEC_PER_SEC))
        #expect(interval.timescale == 1_000_000_000 && interval.seconds == 0.5)
    }

    @Test func formatIDsAreTheirFourCharacterCodes() {
        func code(_ id: AudioFormatID) -> String {
            String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: id >> $0) }, as: UTF8.self)
        }
        #expect(code(kAudioFormatFLAC) == "flac" && code(kAudioFormatAC3) == "ac-3")
        #expect(code(kAudioFormatEnhancedAC3) == "ec-3" && code(kAudioFormatMPEG4AAC_HE) == "aach")
        #expect(code(kAudioFormatMPEG4AAC_HE_V2) == "aacp" && code(kAudioFormatAMR) == "samr")
        #expect(code(kAudioFormatiLBC) == "ilbc" && code(kAudioFormatMPEGLayer2) == ".mp2")
        #expect(kAudioFormatMicrosoftGSM == 0x6D73_0031)
    }

    @Test func urlSessionIsThereAsOnIOS() {
        // Foundation's on iOS, FoundationNetworking's on Linux: ArbiterKit's import gives it either way.
        let task: URLSessionDataTask? = nil
        #expect(task == nil)
        #expect(URLSession.shared.configuration.timeoutIntervalForRequest > 0)
    }

    @Test func anEngineIsNeverInManualRenderingMode() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let engine = try phone.install("Call") { AVAudioEngine() }
        #expect(!engine.isInManualRenderingMode)
    }
}
