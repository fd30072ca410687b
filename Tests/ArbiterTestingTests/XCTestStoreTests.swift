import ArbiterEngine
import ArbiterTesting
import XCTest

/// The store and assertScenario under XCTest: the same calls, reported through XCTest.
final class XCTestStoreTests: XCTestCase {
    func testDuckingUnderNavigation() {
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps], exhaustivity: .off)
        store.send(.app("Music", .play())) { $0.apps["Music"].playing = true }
        store.send(.app("Maps", .play())) {
            $0.apps["Music"].ducked = true
            $0.apps["Music"].gain = 0.2
        }
        XCTAssertEqual(store.state.apps["Maps"].playing, true)
        store.finish()
    }

    func testScenarioFile() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        XCTAssertTrue(assertScenario(root + "/scenarios/routes/last-in-wins.yaml"))
    }
}
