import ArbiterEngine
import Testing

/// Names and accessories a setup refuses are refused alike when they arrive as events, and a refused event changes
/// nothing.
@Suite("Rejections")
struct RejectionTests {
    /// The problems an engine refuses `setup` with; empty when it starts.
    private func setupProblems(_ setup: Setup) -> [String] {
        do {
            _ = try Engine(setup)
            return []
        } catch {
            return error.problems
        }
    }

    @Test("an invalid app name: the same message from a setup and from a declaration")
    func invalidName() throws {
        let bad = AppConfig("Bad Name")
        #expect(
            setupProblems(Setup(apps: [bad])) == [
                "app name 'Bad Name' is not valid; expected letters, digits, '-' and '_'"
            ])
        var engine = try Engine(Setup(apps: [AppConfig("Music")]))
        let before = engine
        let outcome = engine.handle(.declare(bad), at: .ms(10))
        #expect(
            outcome.result
                == .rejected(
                    InputError(
                        "app name 'Bad Name' is not valid; expected letters, digits, '-' and '_'")))
        #expect(engine == before)
    }

    @Test("the same accessory twice: refused in a setup and when connected again")
    func accessoryTwice() throws {
        let headphones = AccessorySpec(.wiredHeadphones)
        #expect(
            setupProblems(Setup(device: DeviceConfig(accessories: [headphones, headphones]))) == [
                "accessory \(headphones) is listed twice; expected a name for a second wiredHeadphones"
            ])
        var engine = try Engine(Setup(device: DeviceConfig(accessories: [headphones])))
        let before = engine
        guard case .rejected(let error) = engine.handle(.device(.connect(headphones)), at: .ms(10)).result else {
            Issue.record("a second wiredHeadphones without a name was accepted")
            return
        }
        #expect(error.message.hasSuffix("is already connected; expected a name for a second wiredHeadphones"))
        // The example comes as a value, for each front end to write in its own syntax; Swift's is the description.
        #expect(error.example == .namedAccessory(.wiredHeadphones))
        #expect(error.description.hasSuffix(#"for example AccessorySpec(.wiredHeadphones, name: "Second")"#))
        #expect(engine == before)
        let second = AccessorySpec(.wiredHeadphones, name: "Second")
        #expect(engine.handle(.device(.connect(second)), at: .ms(20)).result == .succeeded)
    }
}
