import ArbiterKit
import Testing

/// A radio app's player kept in a singleton, as most apps keep theirs: it sets its session up, registers its
/// observers and handlers once, when first used.
final class RadioSingleton: @unchecked Sendable {
    static let shared = RadioSingleton()
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/station.mp3"))
    private(set) var told: [String] = []

    private init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: nil,
            queue: .main
        ) { [unowned self] note in
            let type = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
            told.append(type == AVAudioSession.InterruptionType.began.rawValue ? "began" : "ended")
        }
        MPRemoteCommandCenter.shared().pauseCommand.addTarget { [unowned self] _ in
            player.pause()
            told.append("pause")
            return .success
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }
}

/// Objects an app keeps in a singleton outlive a test's phone: a later phone whose app's launch returns the same
/// singleton carries the app over, and an object used after its phone finished is reported, never a crash.
@Suite(.serialized) struct SingletonTests {
    /// One test's use of the singleton on a phone of its own, which finishes when the function returns.
    @discardableResult
    func playAndTakeACall() throws -> [String] {
        let phone = try SimulatedPhone()
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioSingleton.shared }
        #expect(phone.engine.app("Radio")?.session.category == .playback)
        #expect(phone.engine.player("station", of: "Radio") != nil)
        phone.run(in: "Radio") { radio.play() }
        #expect(radio.player.timeControlStatus == .playing)
        phone.send(.system(.incomingCall))
        #expect(radio.player.timeControlStatus == .paused)
        phone.send(.system(.endCall))
        phone.run(in: "Radio") { radio.play() }
        phone.send(.system(.remote(.pause)))
        #expect(phone.app("Radio")?.remoteCommandResults.map(\.statuses) == [[.success]])
        #expect(phone.diagnostics.isEmpty)
        return radio.told
    }

    @Test func aSingletonRunsOnEachTestsPhone() throws {
        // (The singleton is made inside an app's code, by the first phone's launch, as an app's first use makes it.)
        let before = try playAndTakeACall().count - 3
        // Another suite's phone, running meanwhile, has an app of the same name with code of its own.
        let other = try SimulatedPhone()
        try other.install("Radio") { AVPlayer() }
        try playAndTakeACall()
        let told = try playAndTakeACall()
        #expect(other.app("Radio")?.state != nil)
        // Each phone delivered the interruption and the pause to the observers the singleton registered once.
        #expect(
            Array(told.dropFirst(before)) == Array(repeating: ["began", "ended", "pause"], count: 3).flatMap { $0 })
    }

    @Test func anObjectOfAFinishedPhoneIsReportedNotACrash() throws {
        var player: AVPlayer?
        do {
            let phone = try SimulatedPhone()
            player = try phone.install("Leftover") { AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3")) }
        }
        let other = try SimulatedPhone()
        try other.install("Other") { () }
        withKnownIssue {
            other.run(in: "Other") { player?.play() }
            #expect(player?.timeControlStatus == .paused)
        } matching: { issue in
            issue.description.contains(
                "AVPlayer(song).play(): the object belongs to app Leftover of a phone that "
                    + "has finished (the phone made at ArbiterKitTests/SingletonTests.swift:")
                || issue.description.contains("an object of app Leftover was used after its phone")
        }
        #expect(other.engine.app("Other")?.players.isEmpty == true)
    }

    @Test func anObjectOfAnotherRunningPhoneIsReported() throws {
        let first = try SimulatedPhone()
        let player = try first.install("Shared") { AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3")) }
        let second = try SimulatedPhone()
        try second.install("Shared") { () }
        withKnownIssue {
            second.run(in: "Shared") { player.play() }
        }
        #expect(second.diagnostics.first?.contains("on another phone (the phone made at ") == true)
        #expect(first.engine.player("song", of: "Shared")?.state != .playing)
    }
}
