import Testing

@testable import ArbiterEngine

@Suite("Category options (reference §2)")
struct CategoryOptionTests {
    @Test("raw values are the SDK's")
    func rawValues() {
        let expected: [CategoryOption: UInt] = [
            .mixWithOthers: 0x1, .duckOthers: 0x2, .allowBluetoothHFP: 0x4, .defaultToSpeaker: 0x8,
            .interruptSpokenAudioAndMixWithOthers: 0x11, .allowBluetoothA2DP: 0x20, .allowAirPlay: 0x40,
            .overrideMutedMicrophoneInterruption: 0x80, .farFieldInput: 0x40000,
            .bluetoothHighQualityRecording: 0x80000,
        ]
        for option in CategoryOption.allCases { #expect(option.bits == expected[option], "\(option)") }
        #expect(CategoryOptions([.duckOthers, .mixWithOthers]).bits == 0x3)
        #expect(CategoryOption(name: "allowBluetooth") == .allowBluetoothHFP)
        #expect(CategoryOption(name: "plya") == nil)
    }

    @Test("options list in the SDK's order whatever order they were given in")
    func canonicalOrder() {
        let options = CategoryOptions([.allowAirPlay, .duckOthers, .mixWithOthers])
        #expect(options.members == [.mixWithOthers, .duckOthers, .allowAirPlay])
        #expect(options.description == "[mixWithOthers, duckOthers, allowAirPlay]")
    }
}
