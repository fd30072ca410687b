import ArbiterEngine
import ArbiterLint
import ArbiterTesting
import Testing

/// The store watches its steps with the lints: it lists them, warns by default, and fails a test that asks it to.
@Suite("PolicyTestStore lints")
struct LintStoreTests {
    static let podcasts = AppConfig(
        "Podcasts", backgroundModes: [.audio], category: .playback,
        remoteCommands: [.play, .pause])

    /// Pauses without publishing rate 0: the lock screen keeps counting.
    func pauseWithoutRate(_ store: PolicyTestStore) {
        store.send(.app("Podcasts", .play()))
        store.send(.app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0))))
        store.advance(by: .seconds(10))
        store.send(.app("Podcasts", .pause()))
        LintStoreTests.pauseLine = #line - 1  // the pause's line
        store.advance(by: .seconds(10))
    }

    nonisolated(unsafe) static var pauseLine = 0

    @Test func theStoreListsWhatTheLintsFind() {
        let store = PolicyTestStore(apps: [Self.podcasts], exhaustivity: .off, lints: .off)
        pauseWithoutRate(store)
        #expect(store.lints.map(\.lint.id) == ["nowplaying.stale-rate"])
        #expect(store.lints.first?.step == 3)
        #expect(store.lints.first?.time == .seconds(10))
    }

    @Test func withLintsAsFailuresAFindingFailsTheTestAtTheStep() {
        withKnownIssue {
            let store = PolicyTestStore(apps: [Self.podcasts], exhaustivity: .off, lints: .failures)
            pauseWithoutRate(store)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(
                    "Podcasts: published no rate (so 1) but none of its players "
                        + "is playing")
                    && $0.rawValue.contains("[nowplaying.stale-rate]; fix: publish the elapsed time")
            }
        }
    }

    @Test func byDefaultAFindingIsAWarningAtTheStepThatShowedIt() {
        withKnownIssue {
            let store = PolicyTestStore(apps: [Self.podcasts], exhaustivity: .off)
            pauseWithoutRate(store)
        } matching: { issue in
            issue.severity == .warning && issue.sourceLocation?.line == LintStoreTests.pauseLine
                && issue.comments.contains { $0.rawValue.contains("[nowplaying.stale-rate]") }
        }
    }

    @Test func anAllowedLintIsNeitherListedNorReported() {
        let store = PolicyTestStore(
            apps: [Self.podcasts], exhaustivity: .off, lints: .failures,
            allowing: LintAllowances(everywhere: ["nowplaying.stale-rate": "shown on purpose"]))
        pauseWithoutRate(store)
        #expect(store.lints.isEmpty)
    }

    @Test func anAllowanceThatSilencesNothingIsReportedWhenTheStoreFinishes() {
        withKnownIssue {
            let store = PolicyTestStore(
                apps: [Self.podcasts], exhaustivity: .off,
                allowing: LintAllowances(perApp: ["Podcasts": ["options.ignored": "kept from before"]]))
            store.send(.app("Podcasts", .play()))
            store.finish()
        } matching: { issue in
            issue.severity == .warning
                && issue.comments.contains {
                    $0.rawValue.contains(
                        "Podcasts: allowLints: options.ignored silences nothing in this run [allowlints.unused]")
                }
        }
    }
}
