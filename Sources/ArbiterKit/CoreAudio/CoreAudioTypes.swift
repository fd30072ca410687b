/// The CoreAudio and AudioToolbox types and constants audio code compares results with and builds settings from, with
/// the SDK's values (four-character codes as their UInt32 or OSStatus numbers).
public typealias OSStatus = Int32
/// A four-character audio data format code (`kAudioFormatMPEG4AAC` is 'aac ').
public typealias AudioFormatID = UInt32
/// A count of audio frames, as Audio Unit v3 counts them (`AUAudioUnit.maximumFramesToRender`).
public typealias AUAudioFrameCount = UInt32

// MARK: Formats (CoreAudioTypes)

public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D  // 'lpcm'
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320  // 'aac '
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163  // 'alac'
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573  // 'opus'
public let kAudioFormatAppleIMA4: AudioFormatID = 0x696D_6134  // 'ima4'
public let kAudioFormatULaw: AudioFormatID = 0x756C_6177  // 'ulaw'
public let kAudioFormatALaw: AudioFormatID = 0x616C_6177  // 'alaw'
public let kAudioFormatMPEGLayer3: AudioFormatID = 0x2E6D_7033  // '.mp3'
public let kAudioFormatFLAC: AudioFormatID = 0x666C_6163  // 'flac'
public let kAudioFormatAC3: AudioFormatID = 0x6163_2D33  // 'ac-3'
public let kAudioFormat60958AC3: AudioFormatID = 0x6361_6333  // 'cac3'
public let kAudioFormatEnhancedAC3: AudioFormatID = 0x6563_2D33  // 'ec-3'
public let kAudioFormatMPEG4CELP: AudioFormatID = 0x6365_6C70  // 'celp'
public let kAudioFormatMPEG4HVXC: AudioFormatID = 0x6876_7863  // 'hvxc'
public let kAudioFormatMPEG4TwinVQ: AudioFormatID = 0x7477_7671  // 'twvq'
public let kAudioFormatMPEG4AAC_HE: AudioFormatID = 0x6161_6368  // 'aach'
public let kAudioFormatMPEG4AAC_LD: AudioFormatID = 0x6161_636C  // 'aacl'
public let kAudioFormatMPEG4AAC_ELD: AudioFormatID = 0x6161_6365  // 'aace'
public let kAudioFormatMPEG4AAC_ELD_SBR: AudioFormatID = 0x6161_6366  // 'aacf'
public let kAudioFormatMPEG4AAC_ELD_V2: AudioFormatID = 0x6161_6367  // 'aacg'
public let kAudioFormatMPEG4AAC_HE_V2: AudioFormatID = 0x6161_6370  // 'aacp'
public let kAudioFormatMPEG4AAC_Spatial: AudioFormatID = 0x6161_6373  // 'aacs'
public let kAudioFormatMPEGD_USAC: AudioFormatID = 0x7573_6163  // 'usac'
public let kAudioFormatMPEGLayer1: AudioFormatID = 0x2E6D_7031  // '.mp1'
public let kAudioFormatMPEGLayer2: AudioFormatID = 0x2E6D_7032  // '.mp2'
public let kAudioFormatAMR: AudioFormatID = 0x7361_6D72  // 'samr'
public let kAudioFormatAMR_WB: AudioFormatID = 0x7361_7762  // 'sawb'
public let kAudioFormatiLBC: AudioFormatID = 0x696C_6263  // 'ilbc'
public let kAudioFormatAES3: AudioFormatID = 0x6165_7333  // 'aes3'
public let kAudioFormatAudible: AudioFormatID = 0x4155_4442  // 'AUDB'
public let kAudioFormatMACE3: AudioFormatID = 0x4D41_4333  // 'MAC3'
public let kAudioFormatMACE6: AudioFormatID = 0x4D41_4336  // 'MAC6'
public let kAudioFormatQDesign: AudioFormatID = 0x5144_4D43  // 'QDMC'
public let kAudioFormatQDesign2: AudioFormatID = 0x5144_4D32  // 'QDM2'
public let kAudioFormatQUALCOMM: AudioFormatID = 0x5163_6C70  // 'Qclp'
public let kAudioFormatTimeCode: AudioFormatID = 0x7469_6D65  // 'time'
public let kAudioFormatMIDIStream: AudioFormatID = 0x6D69_6469  // 'midi'
public let kAudioFormatParameterValueStream: AudioFormatID = 0x6170_7673  // 'apvs'
public let kAudioFormatAPAC: AudioFormatID = 0x6170_6163  // 'apac'
public let kAudioFormatDVIIntelIMA: AudioFormatID = 0x6D73_0011  // 'ms' 0x0011
public let kAudioFormatMicrosoftGSM: AudioFormatID = 0x6D73_0031  // 'ms' 0x0031

// MARK: Results (CoreAudioBaseTypes, AudioServices, AudioFile)

public let noErr: OSStatus = 0
public let kAudioServicesNoError: OSStatus = 0
public let kAudio_UnimplementedError: OSStatus = -4
public let kAudio_FileNotFoundError: OSStatus = -43
public let kAudio_ParamError: OSStatus = -50
public let kAudio_MemFullError: OSStatus = -108
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F  // 'wht?'
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F  // 'typ?'
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F  // 'fmt?'
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F  // 'dta?'
public let kAudioFilePermissionsError: OSStatus = 0x7072_6D3F  // 'prm?'
/// AudioFileStream's errors (a stream parser's), for code that tells them apart in an `NSOSStatusErrorDomain` error.
public let kAudioFileStreamError_UnsupportedFileType: OSStatus = 0x7479_703F  // 'typ?'
public let kAudioFileStreamError_UnsupportedDataFormat: OSStatus = 0x666D_743F  // 'fmt?'
public let kAudioFileStreamError_UnsupportedProperty: OSStatus = 0x7074_793F  // 'pty?'
public let kAudioFileStreamError_BadPropertySize: OSStatus = 0x2173_697A  // '!siz'
public let kAudioFileStreamError_NotOptimized: OSStatus = 0x6F70_746D  // 'optm'
public let kAudioFileStreamError_InvalidPacketOffset: OSStatus = 0x7063_6B3F  // 'pck?'
public let kAudioFileStreamError_InvalidFile: OSStatus = 0x6474_613F  // 'dta?'
public let kAudioFileStreamError_ValueUnknown: OSStatus = 0x756E_6B3F  // 'unk?'
public let kAudioFileStreamError_DataUnavailable: OSStatus = 0x6D6F_7265  // 'more'
public let kAudioFileStreamError_IllegalOperation: OSStatus = 0x6E6F_7065  // 'nope'
public let kAudioFileStreamError_UnspecifiedError: OSStatus = 0x7768_743F  // 'wht?'
public let kAudioFileStreamError_DiscontinuityCantRecover: OSStatus = 0x6473_6321  // 'dsc!'

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
