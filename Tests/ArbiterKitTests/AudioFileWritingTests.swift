import ArbiterEngine
import ArbiterKit
import Testing

/// A messaging app's voice recorder on AVAudioEngine, as written for iOS: the input's tap writes to an AAC file.
final class VoiceMessageWriter {
    let engine = AVAudioEngine()
    var file: AVAudioFile?

    func start(at url: URL) throws {
        try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .default)
        let settings: [String: Any] = [
            AVFormatIDKey: Int(kAudioFormatMPEG4AAC), AVSampleRateKey: 48_000,
            AVNumberOfChannelsKey: 1, AVEncoderBitRateKey: 128_000,
            AVEncoderAudioQualityKey: AVAudioQuality.high.rawValue,
        ]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        self.file = file
        engine.inputNode.installTap(onBus: 0, bufferSize: 1024, format: nil) { buffer, _ in
            try? file.write(from: buffer)
        }
        try engine.start()
    }
}

@Suite struct AudioFileWritingTests {
    let url = URL(fileURLWithPath: "/tmp/message.m4a")

    @Test func aFileWrittenHasTheSettingsFormatAndCountsWhatIsWritten() throws {
        let file = try AVAudioFile(
            forWriting: url,
            settings: [
                AVFormatIDKey: Int(kAudioFormatMPEG4AAC),
                AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 1,
            ])
        #expect(file.fileFormat.commonFormat == .otherFormat && file.fileFormat.sampleRate == 48_000)
        #expect(file.fileFormat.settings[AVFormatIDKey] as? Int == Int(kAudioFormatMPEG4AAC))
        #expect(file.processingFormat.isStandard && file.processingFormat.channelCount == 1)
        #expect(file.length == 0)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4_800))
        buffer.frameLength = 4_800
        try file.write(from: buffer)
        try file.write(from: buffer)
        #expect(file.length == 9_600 && file.framePosition == 9_600)
        #expect(!FileManager.default.fileExists(atPath: url.path))  // nothing reaches the disk

        let stereo = try #require(
            AVAudioPCMBuffer(
                pcmFormat: AVAudioFormat(
                    standardFormatWithSampleRate: 48_000,
                    channels: 2)!, frameCapacity: 1))
        #expect(throws: (any Error).self) { try file.write(from: stereo) }
        #expect(AVAudioPCMBuffer(pcmFormat: file.fileFormat, frameCapacity: 1) == nil)  // an encoded format
    }

    @Test func mp3IsNotWrittenAndAFileReadIsNotWrittenTo() throws {
        #expect(throws: (any Error).self) {
            try AVAudioFile(forWriting: url, settings: [AVFormatIDKey: Int(kAudioFormatMPEGLayer3)])
        }
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["song.caf"] = SimulatedMedia(duration: 1)
        let read = try phone.install("Chat") { try AVAudioFile(forReading: URL(fileURLWithPath: "/media/song.caf")) }
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: read.processingFormat, frameCapacity: 10))
        do {
            try read.write(from: buffer)
            Issue.record("a file opened for reading was written to")
        } catch {
            #expect((error as NSError).code == Int(kAudioFilePermissionsError))
        }
    }

    @Test func aTapWritingToAFileRecordsAndWritesNothingAsNoBuffersReachIt() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let writer = try phone.install("Chat") { VoiceMessageWriter() }
        try phone.run(in: "Chat") { try writer.start(at: url) }
        #expect(phone.engine.app("Chat")?.isRecording == true)
        phone.advance(by: .seconds(3))
        #expect(writer.file?.length == 0)  // a tap gets no buffers on the simulated phone
    }
}
