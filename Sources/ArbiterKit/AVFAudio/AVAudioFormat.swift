/// `AVAudioFrameCount`, `AVAudioFramePosition`, `AVAudioChannelCount`, `AVAudioNodeBus`: the SDK's integer types.
public typealias AVAudioFrameCount = UInt32
public typealias AVAudioFramePosition = Int64
public typealias AVAudioChannelCount = UInt32
public typealias AVAudioNodeBus = Int

/// `AVAudioCommonFormat`: the PCM sample formats.
public enum AVAudioCommonFormat: UInt, Sendable {
    case otherFormat = 0
    case pcmFormatFloat32 = 1
    case pcmFormatFloat64 = 2
    case pcmFormatInt16 = 3
    case pcmFormatInt32 = 4
}

/// `AVAudioFormat`: a PCM format's sample rate, channels and sample type. The standard format is deinterleaved
/// 32-bit float.
open class AVAudioFormat: NSObject, @unchecked Sendable {
    public let sampleRate: Double
    public let channelCount: AVAudioChannelCount
    public let commonFormat: AVAudioCommonFormat
    public let isInterleaved: Bool
    /// The data format: linear PCM, or an encoded one (`kAudioFormatMPEG4AAC`, ...) from settings.
    let formatID: AudioFormatID

    /// An empty format (0 Hz, no channels), as `AVAudioFormat()` is.
    public override init() {
        sampleRate = 0
        channelCount = 0
        commonFormat = .otherFormat
        isInterleaved = true
        formatID = kAudioFormatLinearPCM
    }

    /// Deinterleaved float at `sampleRate` with `channels`; nil without channels or rate.
    public init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
        guard channels > 0, sampleRate > 0 else { return nil }
        self.sampleRate = sampleRate
        channelCount = channels
        commonFormat = .pcmFormatFloat32
        isInterleaved = false
        formatID = kAudioFormatLinearPCM
    }

    public init?(
        commonFormat format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount,
        interleaved: Bool
    ) {
        guard channels > 0, sampleRate > 0, format != .otherFormat else { return nil }
        self.sampleRate = sampleRate
        channelCount = channels
        commonFormat = format
        isInterleaved = interleaved
        formatID = kAudioFormatLinearPCM
    }

    /// An encoded format (AAC, ALAC, ...): no common PCM format, as on iOS.
    private init(encoded formatID: AudioFormatID, sampleRate: Double, channels: AVAudioChannelCount) {
        self.sampleRate = sampleRate
        channelCount = channels
        commonFormat = .otherFormat
        isInterleaved = true
        self.formatID = formatID
    }

    /// A format from recorder-style settings (`AVSampleRateKey`, `AVNumberOfChannelsKey`, `AVLinearPCMBitDepthKey`,
    /// `AVLinearPCMIsFloatKey`, `AVLinearPCMIsNonInterleaved`).
    /// Settings of another `AVFormatIDKey` than linear PCM (AAC, ALAC, ...) give an encoded format, whose
    /// `commonFormat` is `.otherFormat`, as on iOS.
    public convenience init?(settings: [String: Any]) {
        func number(_ key: String) -> Double? {
            (settings[key] as? NSNumber)?.doubleValue ?? (settings[key] as? Double)
                ?? (settings[key] as? Int).map(Double.init) ?? (settings[key] as? UInt32).map(Double.init)
        }
        if let id = number(AVFormatIDKey).map({ AudioFormatID(truncatingIfNeeded: Int($0)) }),
            id != kAudioFormatLinearPCM
        {
            let rate = number(AVSampleRateKey) ?? 44_100
            let channels = AVAudioChannelCount(number(AVNumberOfChannelsKey) ?? 2)
            guard rate > 0, channels > 0 else { return nil }
            self.init(encoded: id, sampleRate: rate, channels: channels)
            return
        }
        let isFloat = (settings[AVLinearPCMIsFloatKey] as? Bool) ?? true
        let bits = number(AVLinearPCMBitDepthKey) ?? 32
        let common: AVAudioCommonFormat =
            isFloat
            ? (bits == 64 ? .pcmFormatFloat64 : .pcmFormatFloat32)
            : (bits == 16 ? .pcmFormatInt16 : .pcmFormatInt32)
        self.init(
            commonFormat: common, sampleRate: number(AVSampleRateKey) ?? 44_100,
            channels: AVAudioChannelCount(number(AVNumberOfChannelsKey) ?? 2),
            interleaved: !((settings[AVLinearPCMIsNonInterleaved] as? Bool) ?? false))
    }

    /// Whether this is the standard format (deinterleaved float32).
    open var isStandard: Bool { commonFormat == .pcmFormatFloat32 && !isInterleaved }

    /// The format as settings: linear PCM with its rate, channels and sample type; an encoded format's ID, rate and
    /// channels.
    open var settings: [String: Any] {
        guard formatID == kAudioFormatLinearPCM else {
            return [
                AVFormatIDKey: Int(formatID), AVSampleRateKey: sampleRate, AVNumberOfChannelsKey: Int(channelCount),
            ]
        }
        return [
            AVFormatIDKey: Int(kAudioFormatLinearPCM), AVSampleRateKey: sampleRate,
            AVNumberOfChannelsKey: Int(channelCount),
            AVLinearPCMBitDepthKey: bitDepth,
            AVLinearPCMIsFloatKey: commonFormat == .pcmFormatFloat32
                || commonFormat == .pcmFormatFloat64,
            AVLinearPCMIsBigEndianKey: false, AVLinearPCMIsNonInterleaved: !isInterleaved,
        ]
    }

    private var bitDepth: Int {
        switch commonFormat {
        case .pcmFormatInt16: 16
        case .pcmFormatFloat64: 64
        case .otherFormat, .pcmFormatFloat32, .pcmFormatInt32: 32
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioFormat else { return false }
        return other.sampleRate == sampleRate && other.channelCount == channelCount
            && other.commonFormat == commonFormat && other.isInterleaved == isInterleaved && other.formatID == formatID
    }

    open override var hash: Int { Int(sampleRate) ^ Int(channelCount) }

    open override var description: String {
        "<AVAudioFormat: \(channelCount) ch, \(Int(sampleRate)) Hz, \(commonFormat)\(isInterleaved ? ", interleaved" : "")>"
    }
}

/// `AVAudioBuffer`: audio in a format; `AVAudioPCMBuffer` is the kind mirrored.
open class AVAudioBuffer: NSObject, @unchecked Sendable {
    public let format: AVAudioFormat

    init(format: AVAudioFormat) { self.format = format }
}

/// `AVAudioPCMBuffer`: frames of PCM audio, zeroed (the simulated phone makes no sound to fill them with).
open class AVAudioPCMBuffer: AVAudioBuffer, @unchecked Sendable {
    public let frameCapacity: AVAudioFrameCount
    /// The valid frames, up to `frameCapacity`.
    open var frameLength: AVAudioFrameCount = 0 {
        didSet { frameLength = min(frameLength, frameCapacity) }
    }
    private let floats: [UnsafeMutablePointer<Float>]
    private let channelPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>

    /// A buffer of `frameCapacity` frames in `format`; nil for a format without channels or an encoded one.
    public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
        guard format.channelCount > 0, format.formatID == kAudioFormatLinearPCM else { return nil }
        self.frameCapacity = frameCapacity
        floats = (0..<Int(format.channelCount)).map { _ in
            let samples = UnsafeMutablePointer<Float>.allocate(capacity: max(Int(frameCapacity), 1))
            samples.initialize(repeating: 0, count: max(Int(frameCapacity), 1))
            return samples
        }
        channelPointers = .allocate(capacity: floats.count)
        channelPointers.initialize(from: floats, count: floats.count)
        super.init(format: format)
    }

    deinit {
        for samples in floats { samples.deallocate() }
        channelPointers.deallocate()
    }

    /// The samples, one pointer a channel, for float32 formats; nil for the others.
    open var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? {
        format.commonFormat == .pcmFormatFloat32 ? UnsafePointer(channelPointers) : nil
    }

    open var stride: Int { format.isInterleaved ? Int(format.channelCount) : 1 }
}

/// `AVAudioTime`: a time on the audio device's clock, as samples at a rate or as host time.
open class AVAudioTime: NSObject, @unchecked Sendable {
    public let sampleTime: AVAudioFramePosition
    public let sampleRate: Double
    public let hostTime: UInt64
    public let isSampleTimeValid: Bool
    public let isHostTimeValid: Bool

    public init(sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
        self.sampleTime = sampleTime
        self.sampleRate = sampleRate
        hostTime = 0
        isSampleTimeValid = true
        isHostTimeValid = false
    }

    public init(hostTime: UInt64) {
        sampleTime = 0
        sampleRate = 0
        self.hostTime = hostTime
        isSampleTimeValid = false
        isHostTimeValid = true
    }
}

/// `AVAudioFile`: a media file opened for reading or writing. Read, its length comes from the phone's media (the
/// file's duration at 44,100 Hz, stereo); a file without a duration is 0 frames long. Nothing is read from disk.
/// Written, it counts the frames written, in the settings' format; nothing is written to disk (as `AVAudioRecorder`
/// writes nothing), so opening the URL for reading afterwards reads the phone's media for it, not what was written.
open class AVAudioFile: NSObject, @unchecked Sendable {
    public let url: URL
    public let fileFormat: AVAudioFormat
    public let processingFormat: AVAudioFormat
    public private(set) var length: AVAudioFramePosition
    open var framePosition: AVAudioFramePosition = 0
    /// The duration the phone's media gives a file opened for reading.
    private let mediaDuration: Double?
    private let isWriting: Bool
    /// The file's duration in seconds: the phone's media's for a file read, what was written for one written.
    var duration: Double? {
        isWriting ? Double(length) / max(processingFormat.sampleRate, 1) : mediaDuration
    }

    /// Opens `url`; throws kAudioFileUnspecifiedError ('wht?') when the phone's media says it fails to load.
    public init(forReading fileURL: URL) throws {
        let media = SimulatedApp.current?.media(for: fileURL)
        if media?.fails == true {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudioFileUnspecifiedError),
                userInfo: [NSLocalizedDescriptionKey: "\(fileURL.lastPathComponent) does not open"])
        }
        url = fileURL
        mediaDuration = media?.duration
        isWriting = false
        fileFormat = AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2)!
        processingFormat = fileFormat
        length = AVAudioFramePosition(((media?.duration ?? 0) * 44_100).rounded())
    }

    /// A file to write in the settings' format (`AVFormatIDKey`, `AVSampleRateKey`, `AVNumberOfChannelsKey`, ...):
    /// its processing format is the standard one (deinterleaved float32) at the settings' rate and channels. Throws
    /// kAudioFileUnsupportedDataFormatError ('fmt?') for a format iOS cannot encode (MP3), as `AVAudioRecorder` does.
    public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
        try self.init(forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// As `init(forWriting:settings:)`, with the processing format's sample type and layout.
    public init(
        forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat,
        interleaved: Bool
    ) throws {
        func number(_ key: String) -> Double? {
            (settings[key] as? NSNumber)?.doubleValue ?? (settings[key] as? Double) ?? (settings[key] as? Int).map(
                Double.init)
                ?? (settings[key] as? UInt32).map(Double.init)
        }
        if let id = number(AVFormatIDKey).map({ AudioFormatID(truncatingIfNeeded: Int($0)) }),
            !AVAudioRecorder.encodable.contains(id)
        {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudioFileUnsupportedDataFormatError),
                userInfo: [NSLocalizedDescriptionKey: "format \(id) cannot be written"])
        }
        let rate = number(AVSampleRateKey) ?? 44_100
        let channels = AVAudioChannelCount(max(number(AVNumberOfChannelsKey) ?? 2, 1))
        guard
            let processing = AVAudioFormat(
                commonFormat: format, sampleRate: rate, channels: channels,
                interleaved: interleaved)
        else {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError),
                userInfo: [NSLocalizedDescriptionKey: "no format of \(rate) Hz, \(channels) channels"])
        }
        url = fileURL
        mediaDuration = nil
        isWriting = true
        fileFormat = AVAudioFormat(settings: settings) ?? processing
        processingFormat = processing
        length = 0
    }

    /// Counts the buffer's frames as written at `framePosition` (nothing reaches the disk). A buffer in another
    /// rate or channel count than the processing format throws kAudio_ParamError (-50); a file opened for reading
    /// throws kAudioFilePermissionsError ('prm?').
    open func write(from buffer: AVAudioPCMBuffer) throws {
        guard isWriting else {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudioFilePermissionsError),
                userInfo: [NSLocalizedDescriptionKey: "\(url.lastPathComponent) was opened for reading"])
        }
        guard buffer.format.sampleRate == processingFormat.sampleRate,
            buffer.format.channelCount == processingFormat.channelCount
        else {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError),
                userInfo: [
                    NSLocalizedDescriptionKey: "\(buffer.format) is not the file's processing format "
                        + "\(processingFormat)"
                ])
        }
        framePosition += AVAudioFramePosition(buffer.frameLength)
        length = max(length, framePosition)
    }

    /// Reading leaves the buffer silent and moves `framePosition` on.
    open func read(into buffer: AVAudioPCMBuffer) throws {
        try read(into: buffer, frameCount: buffer.frameCapacity)
    }

    /// Reads at most `frames` frames, as `read(into:)` does; more than the buffer holds throws kAudio_ParamError
    /// (-50), as iOS does.
    open func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
        guard frames <= buffer.frameCapacity else {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError),
                userInfo: [NSLocalizedDescriptionKey: "\(frames) frames do not fit a buffer of \(buffer.frameCapacity)"]
            )
        }
        let read = min(AVAudioFramePosition(frames), max(length - framePosition, 0))
        buffer.frameLength = AVAudioFrameCount(read)
        framePosition += read
    }
}
