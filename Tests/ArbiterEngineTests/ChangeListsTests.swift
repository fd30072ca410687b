import Testing

@testable import ArbiterEngine

@Suite("Change lists")
struct ChangeListsTests {
    @Test("a change is listed once in each list, in the order noted; settling takes the changes in index order")
    func listsOnce() {
        var lists = ChangeLists()
        lists.grow(to: 8)
        for i in [5, 2, 5, 7, 2] { lists.note(i) }
        #expect((0..<lists.changedCount).map(lists.changed) == [5, 2, 7])
        #expect((0..<lists.eventCount).map(lists.changedInEvent) == [5, 2, 7])
        lists.takeChanged()
        #expect(lists.changedCount == 0 && !lists.isChanged(5))
        #expect((0..<lists.settlingCount).map(lists.settling) == [2, 5, 7])
        // The event's list is untouched by a settle; a change after the settle is listed again as unsettled only.
        lists.note(3)
        lists.note(5)
        #expect((0..<lists.changedCount).map(lists.changed) == [3, 5])
        #expect((0..<lists.settlingCount).map(lists.settling) == [2, 5, 7])
        lists.sortEvent()
        #expect((0..<lists.eventCount).map(lists.changedInEvent) == [2, 3, 5, 7])
        lists.endEvent()
        #expect(lists.changedCount == 0 && lists.eventCount == 0 && !lists.isChangedInEvent(3))
    }

    @Test("growing keeps what the lists hold")
    func growingKeepsTheLists() {
        var lists = ChangeLists()
        lists.grow(to: 2)
        lists.note(1)
        lists.note(0)
        lists.grow(to: 40)
        lists.note(39)
        #expect((0..<lists.changedCount).map(lists.changed) == [1, 0, 39])
        #expect((0..<lists.eventCount).map(lists.changedInEvent) == [1, 0, 39])
        #expect(lists.isChanged(1) && lists.isChanged(39) && !lists.isChanged(2))
    }

    @Test("a copy keeps its lists when the original changes (value semantics)")
    func copiesAreIndependent() {
        var lists = ChangeLists()
        lists.grow(to: 4)
        lists.note(1)
        let copy = lists
        lists.note(2)
        lists.takeChanged()
        #expect((0..<copy.changedCount).map(copy.changed) == [1])
        #expect(copy.isChanged(1) && !copy.isChanged(2) && copy.settlingCount == 0)
        #expect((0..<lists.settlingCount).map(lists.settling) == [1, 2])
    }

    @Test("emptying forgets every member, across the wrap of the generation counters")
    func emptyingForgetsAcrossTheWrap() {
        var lists = ChangeLists(generation: UInt32.max - 1)
        lists.grow(to: 4)
        for round in 0..<4 {  // generations max-1, max, then (wrapped) 1 and 2
            lists.note(1)
            lists.note(3)
            #expect(lists.isChanged(1) && lists.isChanged(3) && !lists.isChanged(0), "round \(round)")
            lists.endEvent()
            #expect(lists.changedCount == 0 && lists.eventCount == 0)
            #expect(
                !(0..<4).contains { lists.isChanged($0) || lists.isChangedInEvent($0) },
                "round \(round): a member survived emptying")
            lists.note(2)
            #expect(lists.changedCount == 1 && lists.changed(0) == 2, "round \(round)")
            #expect(lists.eventCount == 1 && lists.changedInEvent(0) == 2, "round \(round)")
            lists.forgetChanged()
            #expect(!lists.isChanged(2) && lists.isChangedInEvent(2), "round \(round)")
            lists.endEvent()
        }
    }
}
