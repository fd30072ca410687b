import ArbiterKit
import TeamApps
import Testing

/// The library model awaits an actor that backs off with `Task.sleep`: every step of it runs on the phone's clock,
/// so the test says when the retry happens, and what plays then.
@Suite struct EpisodeLibraryTests {
    @MainActor @Test func itPlaysWhatTheCatalogueFoundAfterItsRetry() async throws {
        let phone = try SimulatedPhone(ios: 17)
        let model = try phone.install("Podcasts", backgroundModes: [.audio]) {
            EpisodeLibraryModel(catalogue: EpisodeCatalogue(failingFirst: 1))
        }
        phone.run(in: "Podcasts") { model.open() }
        #expect(model.state == "loading")
        phone.advance(by: .ms(2_999))
        #expect(await model.catalogue.fetches == 1)
        phone.advance(by: .ms(1))
        #expect(await model.catalogue.fetches == 2)
        #expect(model.state == "playing 2")
        #expect(phone.engine.app("Podcasts")?.isPlaying == true)
        #expect(phone.diagnostics.isEmpty)
    }

    @MainActor @Test func nothingIsActiveWhileItBacksOff() async throws {
        let phone = try SimulatedPhone(ios: 17)
        let model = try phone.install("Podcasts", backgroundModes: [.audio]) {
            EpisodeLibraryModel(catalogue: EpisodeCatalogue(failingFirst: 2))
        }
        phone.run(in: "Podcasts") { model.open() }
        phone.advance(by: .seconds(5))
        #expect(phone.engine.app("Podcasts")?.session.isActive == false)  // its session waits for the episodes
        phone.advance(by: .seconds(1))
        #expect(await model.catalogue.fetches == 3)
        #expect(phone.engine.app("Podcasts")?.session.isActive == true)
        #expect(model.state == "playing 2")
    }
}
