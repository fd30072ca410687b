import Foundation
import Testing

/// The Android scenario words a new user reaches for, replayed by the built binary.
@Suite("Android scenario words through arbiter replay")
struct AndroidWordsTests {
    static let car = """
        scenario: The car's checks, the system's clients and a player made mid-run
        platform: androidAutomotive
        apps:
          Music: { usage: media, acceptsDelayedFocusGain: true }
          Maps: { usage: assistanceNavigationGuidance, focusGain: gainTransientMayDuck }
        steps:
          - Music: play
          - Music: { declarePlayer: { clicks: soundPool } }
          - Music: { start: clicks }
          - Maps: play
          - expect:
              duckedContexts: [MUSIC]
              Music: { ducked: true, volume: 0.2, players: { clicks: { state: started, volume: 0.2 } } }
          - system: incomingCall
            returns: granted
          - expect:
              losers: { Music: [call], Maps: [call] }
              delayed: null
              call: { focus: gain, request: granted, ducked: false }
              events: { anyOrder: [Music: lossTransient, Maps: lossTransient] }
          - Music: { requestFocus: gain }
            returns: delayed
          - expect:
              delayed: Music
              losers: []
              events: { anyOrder: [Maps: loss] }
          - system: answerCall
            returns: granted
          - system: { assistant: begin }
            returns: failed
          - expect:
              assistant: { focus: none, request: failed }
              call: { focus: gain }

        """

    @Test(
        "system steps return their requests' results (the assistant is refused during a call); the car's and the system's checks pass"
    )
    func carWordsPass() throws {
        let file = try temporaryScenario("android-words", Self.car)
        let result = try CLI.run(["replay", file])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("✓ returned granted"))
        #expect(result.stdout.contains("✓ losers = [Music: [call]; Maps: [call]]"))
        #expect(result.stdout.contains("Music: declares player clicks (soundPool)  [player.app-declares]"))
    }

    @Test("a volume check fails outside 1 % of the value expected, and anyOrder fails on one change too many")
    func strictChecksFail() throws {
        let file = try temporaryScenario(
            "android-words-strict",
            """
            scenario: The strong duck, checked closely
            platform: android
            apps:
              Music: { usage: media }
              Maps: { usage: assistanceNavigationGuidance, focusGain: gainTransientMayDuck }
            steps:
              - Music: play
              - Maps: play
              - after: 500ms
                expect:
                  Music: { volume: 0.017783 }
              - expect:
                  Music: { volume: 0.025 }
              - system: incomingCall
              - expect:
                  events: { anyOrder: [Maps: lossTransient] }

            """)
        let result = try CLI.run(["replay", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✓ Music.volume = 0.017783"))
        #expect(result.stdout.contains("Music.volume: expected 0.025, got 0.017783"))
        #expect(
            result.stdout.contains(
                "events.anyOrder: expected [Maps: lossTransient], got [Music: lossTransient; Maps: lossTransient]"))
    }

    @Test("a cross-platform file's shared allowLints gives each platform its own lints")
    func sharedAllowLints() throws {
        let file = try temporaryScenario(
            "cross-allow",
            """
            scenario: Shared allowances
            platforms: [ios, android]
            allowLints: { focus.ducking-by-hand: "Pod ducks itself on purpose" }
            apps:
              Pod:
                ios: { category: playback }
                android: { usage: media }
            steps:
              - Pod: play

            """)
        let result = try CLI.run(["replay", file])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("unknown lint"))
    }
}
