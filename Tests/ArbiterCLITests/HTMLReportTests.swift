import Foundation
import Testing

/// `replay --html FILE`: the page, loaded in headless Chromium as a reader would open it.
@Suite("replay --html", .serialized)
struct HTMLReportTests {
    static let threePhones = "scenarios/cross-platform/navigation-prompt-three-phones.yaml"
    static let failing = "Tests/ArbiterCLITests/Golden/failing.yaml"
    static let malformed = "Tests/ArbiterCLITests/Malformed/android-bad-release.yaml"

    /// A temporary directory for one test's files, removed after.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("html-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    /// Writes the page of `files` to `page`; the command's exit status.
    static func write(_ page: String, _ files: [String]) throws -> Int32 {
        let result = try CLI.run(["replay", "--quiet", "--html", page] + files)
        #expect(FileManager.default.fileExists(atPath: page), "\(result.stdout)")
        return result.status
    }

    /// The details panel's text in a dumped DOM.
    static func panel(_ dom: String) -> String {
        dom.captures(#"(<aside id="details".*?</aside>)"#).first?.textContent ?? ""
    }

    /// The id of the mark whose tooltip is `title` (`decision: Music: ...`).
    static func mark(titled title: String, in dom: String) -> String? {
        let marks = dom.captures(#"(<g class="mark [^"]*" data-id="[^"]*">.*?</g>)"#)
        return marks.first { $0.contains("<title>\(title)</title>") }?.captures(#"data-id="([^"]*)""#).first
    }

    @Test("every run, failures first, a summary, an invalid file's errors; nothing fetched")
    func everyRunFailuresFirst() throws {
        let scratch = try Scratch()
        let page = scratch.path("report.html")
        #expect(try Self.write(page, [Self.threePhones, Self.failing, Self.malformed]) == 2)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Nothing is loaded from elsewhere (a rule's source may name an address, as text).
        for loads in ["<link", " src=", "href=", "url(", "@import", "fetch(", "XMLHttpRequest", "import("] {
            #expect(!html.contains(loads), "the page loads with \(loads)")
        }
        #expect(html.contains(#"<p id="summary" class="failed">4 runs: 3 passed, 1 failed, 1 file not valid"#))

        let (dom, _) = try Chromium.dumpDOM(page)
        let sections = dom.captures(#"<section class="run (\w+)""#)
        #expect(sections == ["failed", "failed", "passed", "passed", "passed"])
        let titles = dom.captures(#"<span class="title">([^<]*)</span>"#)
        #expect(titles.first == "A scenario whose expectations do not hold")
        #expect(titles[1] == "not a valid scenario")
        #expect(dom.contains("android-bad-release.yaml:3:10: error: android is '7', a release not modelled"))
        #expect(dom.contains("failing.yaml:15:16: Music.playing: expected true, got false"))
        // Every run that replayed is drawn: a timeline with its rows, and the page's time to draw recorded.
        #expect(dom.captures(#"<div class="tl" tabindex="0">(<svg)"#).count == 4)
        #expect(dom.captures(#"<html lang="en" data-render-ms="([0-9.]+)""#).count == 1)
        let rows = dom.captures(#"<text class="label"[^>]*>([^<]*)<title>"#)
        #expect(rows.prefix(4) == ["steps", "the phone", "Music", "Video"], "\(rows)")
        #expect(rows.contains("Music.player") && rows.contains("Maps.player"), "HarmonyOS's lanes are streams")
        // The idle minute before the prompt is folded, with its length.
        #expect(dom.contains(#"<path class="zig""#) && dom.contains("≈ 1m"), "\(dom.captures(#"(≈ [^<]*)<"#))")
    }

    @Test("clicking a decision or a check shows its rule, statement, source and line; a screenshot of it")
    func detailsPanel() throws {
        let scratch = try Scratch()
        let page = scratch.path("report.html")
        _ = try Self.write(page, [Self.threePhones, Self.failing])
        let (dom, _) = try Chromium.dumpDOM(page)
        #expect(dom.contains(#"<aside id="details" hidden"#), "nothing is selected yet")

        // The Android half ducks Music under the prompt, by its strong-duck rule.
        let duck = try #require(Self.mark(titled: "decision: Music: ducked to 0.018 over 500ms", in: dom))
        let (selected, _) = try Chromium.dumpDOM(page, fragment: "select=\(duck)")
        let panel = Self.panel(selected)
        #expect(!selected.contains(#"<aside id="details" hidden"#))
        #expect(panel.hasPrefix("× decision Music: ducked to 0.018 over 500ms time 1m app Music"), "\(panel)")
        #expect(panel.contains("rule duck.strong statement a MAY_DUCK request with usage ASSISTANT"), "\(panel)")
        #expect(panel.contains("source AOSP-FB services/core/java/com/android/server/audio/"), "\(panel)")
        #expect(panel.contains("evidence tunable step Maps: play"), "\(panel)")
        #expect(panel.contains("file \(Self.threePhones):35:5 scenario Music under a navigation prompt"), "\(panel)")
        #expect(try CLI.read(Self.threePhones).split(separator: "\n")[34].contains("Maps: play"))
        #expect(selected.contains(#"<circle class="sel""#), "the mark is ringed")

        // A failed check names its own line, expected and actual, and the rule behind the actual value.
        let check = try #require(Self.mark(titled: "check failed: Music.playing: expected true, got false", in: dom))
        let failed = Self.panel(try Chromium.dumpDOM(page, fragment: "select=\(check)").dom)
        #expect(failed.hasPrefix("× check failed Music.playing: expected true, got false time 0s app Music"))
        #expect(failed.contains("rule interruption.pauses-players statement an interruption is the system"))
        #expect(failed.contains("file \(Self.failing):15:16"), "\(failed)")

        let png = scratch.path("decision.png")
        try Chromium.screenshot(page, fragment: "select=\(duck)", to: png, windowSize: "1400,1500")
        let image = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]) && image.count > 20_000, "\(image.count) bytes")
    }

    /// A script put in a copy of the page that uses it as a reader does (the buttons, Ctrl+wheel, a drag, a click on
    /// a mark, the app menu) and writes what each did into `<pre id="probe">`, one line each.
    static let probe = #"""
        <script>
        const box = document.querySelector("#run-1 .tl"), range = () => document.querySelector("#run-1 .range").textContent;
        const lines = [];
        const at = x => ({ clientX: box.getBoundingClientRect().left + x, clientY: 0, bubbles: true, pointerId: 1 });
        lines.push("start " + range());
        document.querySelector('#run-1 button[data-act="in"]').click();
        lines.push("button+ " + range());
        box.dispatchEvent(new PointerEvent("pointerdown", at(900)));
        box.dispatchEvent(new PointerEvent("pointermove", at(300)));
        box.dispatchEvent(new PointerEvent("pointerup", at(300)));
        lines.push("drag " + range());
        box.dispatchEvent(new WheelEvent("wheel", { deltaY: 500, ctrlKey: true, clientX: 700, bubbles: true, cancelable: true }));
        lines.push("ctrl+wheel " + range());
        const mark = document.querySelector("#run-0 .tl g.mark.fail");
        mark.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerId: 1 }));
        mark.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerId: 1 }));
        lines.push("click " + document.getElementById("details").dataset.selected + " " + location.hash);
        const menu = document.getElementById("app");
        menu.value = "Video";
        menu.dispatchEvent(new Event("change"));
        lines.push("app " + [...document.querySelectorAll("section")].map(s => s.hidden ? "hidden" : "shown").join(" "));
        const pre = document.createElement("pre");
        pre.id = "probe";
        pre.textContent = lines.join("\n");
        document.body.appendChild(pre);
        </script>
        """#

    @Test("the buttons and Ctrl+wheel zoom, a drag pans, a click selects, the app menu filters")
    func interactions() throws {
        let scratch = try Scratch()
        let page = scratch.path("report.html")
        _ = try Self.write(page, [Self.failing, "scenarios/ducking/duck-others-ramp.yaml"])
        let probed = scratch.path("probed.html")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        try html.replacingOccurrences(of: "</body>", with: Self.probe + "\n</body>")
            .write(toFile: probed, atomically: true, encoding: .utf8)
        let dom = try Chromium.dumpDOM(probed).dom
        let lines = try #require(dom.captures(#"<pre id="probe">(.*?)</pre>"#).first).split(separator: "\n")
        try #require(lines.count == 6, "\(lines)")
        // `start 0s – 24s of 24s · 5 of 5 steps in view · zoom 2.1×`: the view's first time, and the zoom.
        func from(_ line: Substring) -> String { line.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        func zoom(_ line: Substring) throws -> Double {
            try #require(line.split(separator: " ").last.flatMap { Double($0.dropLast()) }, "\(line)")
        }
        #expect(abs(try zoom(lines[1]) / zoom(lines[0]) - 1.5) < 0.1, "\(lines[0]) → \(lines[1])")
        #expect(from(lines[2]) != from(lines[1]), "the drag moved the view: \(lines[1]) → \(lines[2])")
        #expect(try zoom(lines[3]) < zoom(lines[2]), "a wheel down with Ctrl zooms out: \(lines[3])")
        let click = lines[4].split(separator: " ")
        #expect(click.count == 3 && click[1].hasPrefix("r0-m") && click[2] == "#select=" + click[1], "\(lines[4])")
        #expect(lines[5] == "app shown hidden", "only the failing run has Video")
    }

    @Test("the filter by app hides the runs without it and the other apps' rows")
    func filterByApp() throws {
        let scratch = try Scratch()
        let page = scratch.path("report.html")
        _ = try Self.write(page, [Self.threePhones, Self.failing])
        let dom = try Chromium.dumpDOM(page, fragment: "app=Video").dom
        let hidden = dom.captures(#"<section class="run \w+" id="(run-\d+)" hidden"#)
        #expect(hidden == ["run-1", "run-2", "run-3"], "only the failing run has a Video")
        let rows = dom.captures(#"<text class="label"[^>]*>([^<]*)<title>"#)
        #expect(rows.prefix(3) == ["steps", "the phone", "Video"], "\(rows)")
        #expect(!rows.prefix(3).contains("Music"))
        // Music is an app on every phone: HarmonyOS's run shows it as its stream, Music.player.
        let music = try Chromium.dumpDOM(page, fragment: "app=Music").dom
        #expect(music.captures(#"<section class="run \w+" id="(run-\d+)" hidden"#).isEmpty, "every run has a Music")
        #expect(music.contains(">Music.player<title>"), "HarmonyOS's stream of Music is its row")
        let unknown = try Chromium.dumpDOM(page, fragment: "app=NoSuchApp").dom
        #expect(
            unknown.captures(#"<section class="run \w+" id="(run-\d+)" hidden"#).isEmpty, "an unknown app hides nothing"
        )
    }

    @Test("the same files give the same bytes; a page that cannot be written is one error line and status 2")
    func determinismAndUnwritable() throws {
        let scratch = try Scratch()
        let pages = [scratch.path("a.html"), scratch.path("b.html")]
        for page in pages { _ = try Self.write(page, [Self.threePhones, "scenarios/ducking/", Self.malformed]) }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: pages[0])) == Data(contentsOf: URL(fileURLWithPath: pages[1])))
        // /proc exists, so the path passes the check made before replaying; the kernel refuses the file.
        let result = try CLI.run(["replay", "--quiet", "--html", "/proc/page.html", Self.failing])
        #expect(result.status == 2)
        let errors = result.stdout.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].hasPrefix("error: cannot write the HTML report "), "\(result.stdout)")
    }

    @Test("a session the REPL saves (as attach --save does) opens in the page")
    func savedSession() throws {
        let scratch = try Scratch()
        let saved = scratch.path("session.yaml")
        let session = """
            app Music category=playback background=audio
            app Maps category=playback options=duckOthers background=audio
            Music play
            after 10s
            Maps play
            after 5s
            Maps stop
            save \(saved)
            """
        #expect(try CLI.run(["repl"], stdin: session + "\n").status == 0)
        let page = scratch.path("session.html")
        #expect(try Self.write(page, [saved]) == 0)
        let dom = try Chromium.dumpDOM(page).dom
        #expect(dom.captures(#"<section class="run (\w+)""#) == ["passed"])
        #expect(dom.contains("<title>decision: Music: gain 0.2</title>"), "the prompt ducks Music")
        let rows = dom.captures(#"<text class="label"[^>]*>([^<]*)<title>"#)
        #expect(rows.contains("Music") && rows.contains("Maps"), "\(rows)")
    }

    /// A scenario of `count` steps: a navigation prompt over music again and again, every tenth after ten idle
    /// minutes; with the line of each step.
    static func longScenario(steps count: Int) -> (yaml: String, lines: [Int]) {
        var lines = [
            "scenario: A navigation prompt over music, \(count) steps", "apps:", "  Music:",
            "    backgroundModes: [audio]", "    category: playback", "  Maps:", "    backgroundModes: [audio]",
            "    category: playback", "    options: [duckOthers]", "steps:", "  - Music: play",
        ]
        var stepLines = [lines.count]
        var round = 0
        while stepLines.count < count {
            let cycle: [(lead: String?, step: String, expect: String?)] = [
                (round % 10 == 9 ? "after: 10m" : "after: 2s", "Maps: activate", nil),
                (nil, "Maps: play", "Music: { ducked: true }"),
                ("after: 1s", "Maps: stop", nil),
                (nil, "Maps: deactivate", nil),
            ]
            for item in cycle where stepLines.count < count {
                if let lead = item.lead {
                    lines += ["  - \(lead)", "    \(item.step)"]
                } else {
                    lines.append("  - \(item.step)")
                }
                stepLines.append(lines.count)
                if let expect = item.expect { lines += ["  - expect:", "      \(expect)"] }
            }
            round += 1
        }
        return (lines.joined(separator: "\n") + "\n", stepLines)
    }

    @Test("benchmark: a page of 10,000 steps, its size and the time Chromium takes to draw it")
    func tenThousandSteps() throws {
        let scratch = try Scratch()
        let (yaml, lines) = Self.longScenario(steps: 10_000)
        let scenario = scratch.path("long.yaml")
        try yaml.write(toFile: scenario, atomically: true, encoding: .utf8)
        let page = scratch.path("long.html")
        let started = Date()
        #expect(try Self.write(page, [scenario]) == 0)
        let written = Date().timeIntervalSince(started)
        let size = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0

        func drawn(_ fragment: String) throws -> (ms: [Double], seconds: [Double], dom: String) {
            var times: [Double] = []
            var seconds: [Double] = []
            var dom = ""
            for _ in 0..<3 {
                let loaded = try Chromium.dumpDOM(page, fragment: fragment)
                dom = loaded.dom
                times += dom.captures(#"data-render-ms="([0-9.]+)""#).compactMap(Double.init)
                seconds.append(loaded.seconds)
            }
            return (times.sorted(), seconds.sorted(), dom)
        }
        let opened = try drawn("")
        let fit = try drawn("fit")
        #expect(opened.ms.count == 3 && fit.ms.count == 3)
        // The page draws what is in view, not every step: a few dozen at first, a bounded sample of all of them.
        #expect(opened.dom.contains("of 10000 steps in view"))
        #expect(fit.dom.contains("10000 of 10000 steps in view"))
        for dom in [opened.dom, fit.dom] {
            let marks = dom.captures(#"<g class="mark ([a-z]+)""#).count
            #expect(marks > 0 && marks < 4_000, "\(marks) marks in the DOM")
        }
        #expect(fit.dom.contains("≈ 10m"), "a folded idle stretch")

        // The last step, far down the file: its panel names its line, which holds it.
        let last = Self.panel(try Chromium.dumpDOM(page, fragment: "select=r0-s9999").dom)
        let line = lines[9999]
        #expect(last.contains("file \(scenario):\(line):"), "\(last)")
        let written9999 = yaml.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        #expect(last.contains("step \(written9999.trimmingCharacters(in: CharacterSet(charactersIn: " -")))"))

        func median(_ values: [Double]) -> String { values.isEmpty ? "?" : String(format: "%.0f", values[1]) }
        print(
            "benchmark: replay --html of 10000 steps: \(size / 1024) KiB page, written in "
                + String(format: "%.1f", written) + " s (debug build)")
        print(
            "benchmark: chromium --headless: drawn \(median(opened.ms)) ms after navigation start (median of 3: "
                + "\(opened.ms.map { String(format: "%.0f", $0) }.joined(separator: ", "))), fit to the whole run "
                + "\(median(fit.ms)) ms; browser start to exit "
                + String(format: "%.1f", opened.seconds[1]) + " s")
    }
}
