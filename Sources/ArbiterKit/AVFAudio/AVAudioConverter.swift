/// `AVAudioPacketCount`.
public typealias AVAudioPacketCount = UInt32

/// `AVAudioConverterInputStatus`: what an input block says it handed the converter.
public enum AVAudioConverterInputStatus: Int, Sendable {
    case haveData = 0
    case noDataNow = 1
    case endOfStream = 2
}

/// `AVAudioConverterOutputStatus`.
public enum AVAudioConverterOutputStatus: Int, Sendable {
    case haveData = 0
    case inputRanDry = 1
    case endOfStream = 2
    case error = 3
}

/// `AVAudioConverterPrimeMethod`.
public enum AVAudioConverterPrimeMethod: Int, Sendable {
    case pre = 0
    case normal = 1
    case none = 2
}

/// `AVAudioConverterInputBlock`: `@Sendable`, as the SDK declares it.
public typealias AVAudioConverterInputBlock =
    @Sendable (AVAudioPacketCount, UnsafeMutablePointer<AVAudioConverterInputStatus>) -> AVAudioBuffer?

/// `AVAudioConverter`: made between two formats and configured as on iOS, so code that converts the buffers it
/// plays or sends compiles. Converting samples (rate, channels, sample format, codecs) is not modelled: each
/// `convert` call is reported as not modelled by name, leaves the output buffer empty (`frameLength` 0) and fails
/// (`convert(to:error:withInputFrom:)` returns `.error`, `convert(to:from:)` throws), with
/// `kAudio_UnimplementedError` (-4) in `NSOSStatusErrorDomain`. The input block is not called.
open class AVAudioConverter: NSObject, @unchecked Sendable {
    public let inputFormat: AVAudioFormat
    public let outputFormat: AVAudioFormat
    let app = SimulatedApp.current

    /// Kept and read back.
    open var channelMap: [NSNumber]
    open var downmix = false
    open var dither = false
    open var sampleRateConverterQuality = AVAudioQuality.max.rawValue
    open var sampleRateConverterAlgorithm: String?
    open var primeMethod = AVAudioConverterPrimeMethod.normal
    open var magicCookie: Data?
    open var bitRate = 0

    /// A converter between two formats with channels and a rate; nil otherwise.
    public init?(from fromFormat: AVAudioFormat, to toFormat: AVAudioFormat) {
        guard fromFormat.channelCount > 0, toFormat.channelCount > 0, fromFormat.sampleRate > 0,
            toFormat.sampleRate > 0
        else { return nil }
        inputFormat = fromFormat
        outputFormat = toFormat
        channelMap = (0..<Int(toFormat.channelCount)).map {
            NSNumber(value: $0 < Int(fromFormat.channelCount) ? $0 : 0)
        }
    }

    /// Forgets what it was converting: nothing is held here.
    open func reset() {}

    /// Reported as not modelled; the output is left empty and the call throws (see the class).
    open func convert(to outputBuffer: AVAudioPCMBuffer, from inputBuffer: AVAudioPCMBuffer) throws {
        throw unmodelled("AVAudioConverter.convert(to:from:)", outputBuffer)
    }

    /// Reported as not modelled; the output is left empty and `.error` returned (see the class). Its result may be
    /// dropped, as in the Objective-C API iOS imports.
    @discardableResult
    open func convert(
        to outputBuffer: AVAudioBuffer, error outError: NSErrorPointer,
        withInputFrom inputBlock: AVAudioConverterInputBlock
    ) -> AVAudioConverterOutputStatus {
        outError?.pointee = unmodelled("AVAudioConverter.convert(to:error:withInputFrom:)", outputBuffer)
        return .error
    }

    private func unmodelled(_ api: String, _ outputBuffer: AVAudioBuffer) -> NSError {
        Diagnostics.unmodelled("\(api) (converting samples)", app: app ?? SimulatedApp.current)
        (outputBuffer as? AVAudioPCMBuffer)?.frameLength = 0
        return NSError(
            domain: NSOSStatusErrorDomain, code: Int(kAudio_UnimplementedError),
            userInfo: [NSLocalizedDescriptionKey: "\(api): converting samples is not modelled"])
    }
}
