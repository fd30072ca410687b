// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
import ArbiterEngine
import ArbiterKit
import Testing

@Suite struct SessionContentTests {
    @Test func multichannelContentAndTheRouteSharingPolicyAreKept() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let session = try phone.install("Podcast") { AVAudioSession.sharedInstance() }
        #expect(!session.supportsMultichannelContent && session.routeSharingPolicy == .default)
        try phone.run(in: "Podcast") {
            try session.setSupportsMultichannelContent(true)
            try session.setCategory(.playback, mode: .spokenAudio, policy: .default, options: [])
        }
        #expect(session.supportsMultichannelContent && session.routeSharingPolicy == .default)
        try withKnownIssue {
            try phone.run(in: "Podcast") { try session.setCategory(.playback, mode: .default, policy: .longFormAudio) }
        } matching: { $0.description.contains("policy longFormAudio is not modelled") }
        #expect(session.routeSharingPolicy == .longFormAudio)
        try phone.run(in: "Podcast") { try session.setCategory(.playback) }
        #expect(session.routeSharingPolicy == .default)
    }

    @Test func thePromptStyleIsReportedAsNotModelled() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let session = try phone.install("Maps") { AVAudioSession.sharedInstance() }
        withKnownIssue {
            #expect(phone.run(in: "Maps") { session.promptStyle } == .normal)
        } matching: { $0.description.contains("AVAudioSession.promptStyle is not modelled") }
        #expect(AVAudioSession.PromptStyle.short.rawValue == 0x7368_7274)   // 'shrt'
    }
}
