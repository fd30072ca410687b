import Testing
@testable import ArbiterEngine

@Suite("Change lists")
struct IndexBufferTests {
    @Test("a change list lists each position once, in insertion order, and sorts them")
    func listsOnce() {
        var buffer = IndexBuffer()
        buffer.grow(to: 8)
        for i in [5, 2, 5, 7, 2] { buffer.insert(i) }
        #expect(buffer.count == 3)
        #expect((0..<buffer.count).map { buffer[$0] } == [5, 2, 7])
        buffer.sort()
        #expect((0..<buffer.count).map { buffer[$0] } == [2, 5, 7])
    }

    @Test("emptying forgets every member, across the wrap of its generation counter")
    func emptyingForgetsAcrossTheWrap() {
        var buffer = IndexBuffer(generation: UInt32.max - 1)
        buffer.grow(to: 4)
        for round in 0..<4 {   // generations max-1, max, then (wrapped) 1 and 2
            buffer.insert(1)
            buffer.insert(3)
            #expect(buffer.contains(1) && buffer.contains(3) && !buffer.contains(0), "round \(round)")
            buffer.removeAll()
            #expect(buffer.isEmpty)
            #expect(!(0..<4).contains { buffer.contains($0) }, "round \(round): a member survived emptying")
            buffer.insert(2)
            #expect(buffer.count == 1 && buffer[0] == 2, "round \(round)")
            buffer.removeAll()
        }
    }
}
