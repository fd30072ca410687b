import Testing

@testable import ArbiterScenario

/// The history every platform's REPL keeps: steps with the session before each, going back, and a live session's
/// bounded steps.
@Suite struct SessionHistoryTests {
    @Test func goingBackReturnsTheStateBeforeTheFirstStepTakenBack() {
        var history = SessionHistory<Int, String>()
        for (state, step) in [(0, "a"), (1, "b"), (2, "c")] { history.append(step, before: state) }
        #expect(history.back(to: 3) == nil)
        #expect(history.back(to: 1) == 1)
        #expect(history.steps == ["a"])
        #expect(history.lines { "\($0) \($1)" } == ["1 a"])
        #expect(history.back(to: 0) == 0)
        #expect(history.lines { "\($0) \($1)" } == ["no steps yet"])
    }

    @Test func anAmendedStateIsWhatGoingBackRestores() {
        var history = SessionHistory<Int, String>()
        history.append("a", before: 0)
        history.append("b", before: 1)
        history.amendState(before: 1) { $0 = 10 }
        history.amendState(before: 5) { $0 = 99 }  // no such step: nothing changes
        #expect(history.back(to: 1) == 10)
    }

    @Test func withoutStatesTheLatestStepsAreKeptAndNumberedFromTheFirstEverTaken() {
        var history = SessionHistory<Int, String>(keepsStates: false)
        history.stepsKept = 2
        for step in ["a", "b", "c", "d"] { history.append(step, before: 0) }
        #expect(history.steps == ["c", "d"])
        #expect(history.dropped == 2)
        #expect(history.lines { "\($0) \($1)" } == ["3 c", "4 d"])
        #expect(history.back(to: 0) == nil)
        #expect(history.state(before: 0) == nil)
    }
}
