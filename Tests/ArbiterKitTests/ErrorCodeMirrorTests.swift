import ArbiterEngine
import ArbiterKit
import Testing

/// Every error the engine can give has its `AVAudioSession.ErrorCode`, with the same OSStatus.
@Test func errorCodesAreTheOSStatusValues() {
    for code in ErrorCode.allCases {
        let mirrored = AVAudioSession.ErrorCode(rawValue: Int(code.osStatus))
        #expect(mirrored != nil, "\(code)")
    }
}
