/// The CoreAudio and AudioToolbox types and constants audio code compares results with and builds settings from, with
/// the SDK's values (four-character codes as their UInt32 or OSStatus numbers).
public typealias OSStatus = Int32
/// A four-character audio data format code (`kAudioFormatMPEG4AAC` is 'aac ').
public typealias AudioFormatID = UInt32

// MARK: Formats (CoreAudioTypes)

public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D        // 'lpcm'
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320         // 'aac '
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163    // 'alac'
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573             // 'opus'
public let kAudioFormatAppleIMA4: AudioFormatID = 0x696D_6134        // 'ima4'
public let kAudioFormatULaw: AudioFormatID = 0x756C_6177             // 'ulaw'
public let kAudioFormatALaw: AudioFormatID = 0x616C_6177             // 'alaw'
public let kAudioFormatMPEGLayer3: AudioFormatID = 0x2E6D_7033       // '.mp3'

// MARK: Results (CoreAudioBaseTypes, AudioServices, AudioFile)

public let noErr: OSStatus = 0
public let kAudioServicesNoError: OSStatus = 0
public let kAudio_UnimplementedError: OSStatus = -4
public let kAudio_FileNotFoundError: OSStatus = -43
public let kAudio_ParamError: OSStatus = -50
public let kAudio_MemFullError: OSStatus = -108
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F         // 'wht?'
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F // 'typ?'
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F // 'fmt?'
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F         // 'dta?'
public let kAudioFilePermissionsError: OSStatus = 0x7072_6D3F         // 'prm?'

// MARK: Settings keys (AVAudioSettings.h)

public let AVFormatIDKey = "AVFormatIDKey"
public let AVSampleRateKey = "AVSampleRateKey"
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
public let AVEncoderAudioQualityForVBRKey = "AVEncoderAudioQualityForVBRKey"
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
public let AVEncoderBitRatePerChannelKey = "AVEncoderBitRatePerChannelKey"
public let AVEncoderBitRateStrategyKey = "AVEncoderBitRateStrategyKey"
public let AVEncoderBitDepthHintKey = "AVEncoderBitDepthHintKey"
public let AVSampleRateConverterAudioQualityKey = "AVSampleRateConverterAudioQualityKey"
public let AVAudioBitRateStrategy_Constant = "AVAudioBitRateStrategy_Constant"
public let AVAudioBitRateStrategy_LongTermAverage = "AVAudioBitRateStrategy_LongTermAverage"
public let AVAudioBitRateStrategy_VariableConstrained = "AVAudioBitRateStrategy_VariableConstrained"
public let AVAudioBitRateStrategy_Variable = "AVAudioBitRateStrategy_Variable"

/// `AVAudioQuality`: encoder and sample-rate converter quality.
public enum AVAudioQuality: Int, Sendable {
    case min = 0
    case low = 0x20
    case medium = 0x40
    case high = 0x60
    case max = 0x7F
}
