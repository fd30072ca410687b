import ArbiterKit
import Benchmark

/// An app's own code on the simulated phone: what it costs to let time pass under a periodic time observer, to hop
/// to the main queue, and to take a call with the app's handlers.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5),
        maxIterations: 50)

    // A progress bar's observer asked for every nanosecond fires once a frame: 210 s are 12,354 fires.
    Benchmark("Phone: 210 s under a periodic observer asked for every nanosecond", configuration: configuration) { _ in
        let phone = try! SimulatedPhone()
        let app = try! phone.install("Progress", backgroundModes: [.audio]) { ProgressApp() }
        phone.run(in: "Progress") { app.play() }
        phone.advance(by: .seconds(210))
        precondition(app.fires == 1 + 210_000 / 17, "fired \(app.fires) times")
    }

    // A thousand blocks sent to the main queue from a tap, each publishing Now Playing.
    Benchmark("Phone: 1,000 main-queue hops that publish Now Playing", configuration: configuration) { _ in
        let phone = try! SimulatedPhone()
        let app = try! phone.install("Progress", backgroundModes: [.audio]) { ProgressApp() }
        phone.run(in: "Progress") { app.hop(1_000) }
        precondition(app.hops == 1_000)
    }

    // A hundred calls, each pausing the app and resuming it from its interruption handler.
    Benchmark("Phone: 100 calls taken and ended", configuration: configuration) { _ in
        let phone = try! SimulatedPhone()
        let app = try! phone.install("Progress", backgroundModes: [.audio]) { ProgressApp() }
        phone.run(in: "Progress") { app.play() }
        for _ in 0..<100 {
            phone.send(.system(.incomingCall))
            phone.advance(by: .seconds(1))
            phone.send(.system(.declineCall))
        }
        precondition(app.resumes == 100)
    }
}

/// App code as a podcast app writes it: a player, a progress observer, an interruption handler that resumes.
final class ProgressApp: @unchecked Sendable {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/long.mp3"))
    private(set) var fires = 0
    private(set) var hops = 0
    private(set) var resumes = 0
    private var token: Any?
    private var observer: NSObjectProtocol?

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        token = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 1_000_000_000), queue: .main) {
            [unowned self] _ in fires += 1
        }
        observer = NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification,
            object: nil, queue: .main
        ) { [unowned self] note in
            let options = note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
            if options & AVAudioSession.InterruptionOptions.shouldResume.rawValue != 0 {
                resumes += 1
                play()
            }
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }

    func hop(_ count: Int) {
        for index in 0..<count {
            DispatchQueue.main.async { [unowned self] in
                hops += 1
                MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: "Episode \(index)"]
            }
        }
    }
}
