import Testing

@testable import ArbiterEngine

@Suite("Categories (reference §1)")
struct CategoryTests {
    @Test("the category table: silenced, mixable, interrupts, input, output, background")
    func categoryTable() {
        // (silenced by switch & lock, mixable by default, interrupts non-mixable, input, output, background)
        let table: [(Category, Bool, Bool, Bool, Bool, Bool, Bool)] = [
            (.ambient, true, true, false, false, true, false),
            (.soloAmbient, true, false, true, false, true, false),
            (.playback, false, false, true, false, true, true),
            (.record, false, false, true, true, false, true),
            (.playAndRecord, false, false, true, true, true, true),
            (.multiRoute, false, false, true, true, true, true),
            (.audioProcessing, false, false, true, false, false, false),
        ]
        for (category, silenced, mixable, interrupts, input, output, background) in table {
            let traits = category.traits
            #expect(traits.silencedBySwitchAndLock == silenced, "\(category)")
            #expect(traits.mixableByDefault == mixable, "\(category)")
            #expect(traits.interruptsNonMixable == interrupts, "\(category)")
            #expect(traits.hasInput == input, "\(category)")
            #expect(traits.hasOutput == output, "\(category)")
            #expect(traits.playsInBackground == background, "\(category)")
        }
        #expect(table.map(\.0) == Category.allCases)
    }

    @Test("soloAmbient is the default category")
    func defaultCategory() throws {
        let h = try Harness([AppConfig("App")])
        #expect(h.session("App").category == .soloAmbient)
        #expect(h.session("App").isMixable == false)
        #expect(h.session("App").effectiveMode == .default)
    }

    @Test("ambient is always mixable; soloAmbient, playback, record, playAndRecord, multiRoute are not by default")
    func mixableByDefault() throws {
        for category in Category.allCases {
            var session = AudioSession()
            session.category = category
            #expect(session.isMixable == (category == .ambient), "\(category)")
        }
    }

    @Test("audioProcessing has no output: a player in it is never heard")
    func audioProcessingIsSilent() throws {
        var h = try Harness([AppConfig("Codec", category: .audioProcessing)])
        h.app("Codec", .play())
        #expect(h.playing("Codec"))
        #expect(!h.audible("Codec"))
        #expect(h.engine.audibility(of: "Codec")?.rule == .categoryHasNoOutput)
    }
}
