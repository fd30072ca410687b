import Foundation
import Testing

/// Every Swift example in the READMEs, docs/ and the DocC catalogs is code that compiles and runs: each block is
/// found, line for line, in a test or an example package (`Tests/`, `Examples/`), so an API change that breaks
/// an example breaks the build, and an edited example that no test holds fails here. A block's `import` lines
/// may stand anywhere in the file that holds it (a test file imports once, at its top); its other lines must
/// stand together, in order, indentation and blank lines aside.
@Suite("Swift examples in the docs")
struct DocumentedSwiftTests {
    /// One ```swift block: where it is written and its lines.
    struct Block: CustomStringConvertible {
        var file: String
        var line: Int
        var lines: [String]
        var description: String { "\(file):\(line)" }
    }

    /// The pages that show Swift: the README, the example packages' READMEs, docs/*.md and every DocC catalog's
    /// articles.
    static func pages() throws -> [String] {
        let manager = FileManager.default
        let root = CLI.packageRoot.path
        var pages = ["README.md"]
        pages += try manager.contentsOfDirectory(atPath: root + "/Examples").sorted()
            .map { "Examples/\($0)/README.md" }.filter { manager.fileExists(atPath: "\(root)/\($0)") }
        pages += try manager.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/" + $0 }
        for target in try manager.contentsOfDirectory(atPath: root + "/Sources").sorted() {
            let catalogs = (try? manager.contentsOfDirectory(atPath: "\(root)/Sources/\(target)")) ?? []
            for catalog in catalogs.sorted() where catalog.hasSuffix(".docc") {
                let folder = "Sources/\(target)/\(catalog)"
                pages += try manager.contentsOfDirectory(atPath: "\(root)/\(folder)").filter { $0.hasSuffix(".md") }
                    .sorted().map { "\(folder)/\($0)" }
            }
        }
        return pages
    }

    /// The ```swift blocks of a page.
    static func blocks(in page: String) throws -> [Block] {
        let lines = try CLI.read(page).components(separatedBy: "\n")
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if open == nil, trimmed == "```swift" {
                open = Block(file: page, line: index + 1, lines: [])
            } else if let block = open, trimmed == "```" {
                blocks.append(block)
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        return blocks
    }

    /// A Swift file that may hold examples: its lines without indentation, blank lines left out, and the same
    /// without its `import` lines.
    struct Holder {
        var path: String
        var lines: [String]
        var code: [String] { lines.filter { !$0.hasPrefix("import ") } }
    }

    /// The code an example may be held in: every Swift file under Tests/ and Examples/.
    static func holders() throws -> [Holder] {
        let root = CLI.packageRoot.path
        var holders: [Holder] = []
        for top in ["Tests", "Examples"] {
            guard let walk = FileManager.default.enumerator(atPath: "\(root)/\(top)") else { continue }
            for case let path as String in walk {
                if path.hasSuffix("/.build") || path.hasPrefix(".build") { walk.skipDescendants() }
                guard path.hasSuffix(".swift"), !path.contains(".build/") else { continue }
                let text = try String(contentsOfFile: "\(root)/\(top)/\(path)", encoding: .utf8)
                holders.append(Holder(path: "\(top)/\(path)", lines: normalized(text.components(separatedBy: "\n"))))
            }
        }
        return holders
    }

    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `needle` occurs in `haystack` as a run of consecutive lines.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// How many of `needle`'s first lines occur as a run somewhere in `haystack`: where an edited example parts
    /// from the code that holds it.
    static func longestPrefix(of needle: [String], in haystack: [String]) -> Int {
        var best = 0
        for start in haystack.indices where haystack[start] == needle.first {
            var length = 0
            while length < needle.count, start + length < haystack.count, haystack[start + length] == needle[length] {
                length += 1
            }
            best = max(best, length)
        }
        return best
    }

    /// A block of `Package.swift` (`dependencies: [...]`, `targets: [...]`): it names Arbiter's products rather
    /// than code to run.
    static func isManifestFragment(_ block: Block) -> Bool {
        normalized(block.lines).first?.hasPrefix("dependencies:") == true
    }

    @Test("every product a Package.swift example in the docs names is one Arbiter's Package.swift offers")
    func manifestFragmentsNameRealProducts() throws {
        let manifest = try CLI.read("Package.swift")
        var fragments: [Block] = []
        for page in try DocumentedSwiftTests.pages() {
            fragments += try DocumentedSwiftTests.blocks(in: page).filter(DocumentedSwiftTests.isManifestFragment)
        }
        #expect(fragments.count >= 3, "\(fragments)")
        for fragment in fragments {
            let text = fragment.lines.joined(separator: "\n")
            let named = text.matches(of: /\.product\(name: "([A-Za-z]+)", package: "Arbiter"\)/).map { String($0.1) }
            #expect(!named.isEmpty, "\(fragment): names no Arbiter product")
            for product in named {
                #expect(
                    manifest.contains(".library(name: \"\(product)\""),
                    "\(fragment): \(product) is not a library product of Package.swift")
            }
        }
    }

    @Test("docs/testing.md is ArbiterTesting's DocC getting-started article, its symbol links and one link aside")
    func gettingStartedIsTheTestingPage() throws {
        func body(_ text: String) -> String {
            String(text[text.range(of: "Add ArbiterTesting to a test target")!.lowerBound...])
        }
        let page = body(try CLI.read("docs/testing.md"))
        let article = body(try CLI.read("Sources/ArbiterTesting/ArbiterTesting.docc/GettingStarted.md"))
            .replacing(/``([^`\n]+)``/) { "`\($0.1)`" }
            .replacing("(docs/lints.md in the repository)", with: "([lints.md](lints.md))")
        #expect(
            article == page,
            "edit docs/testing.md and make GettingStarted.md from it (symbol links as ``PolicyTestStore/...``)")
    }

    @Test("every Swift block in the READMEs, docs/ and the DocC catalogs is held, line for line, by code that is built")
    func everyBlockIsBuilt() throws {
        let holders = try DocumentedSwiftTests.holders()
        var blocks: [Block] = []
        for page in try DocumentedSwiftTests.pages() { blocks += try DocumentedSwiftTests.blocks(in: page) }
        #expect(blocks.count >= 20, "the pages show fewer Swift blocks than expected: \(blocks)")
        for block in blocks where !DocumentedSwiftTests.isManifestFragment(block) {
            let lines = DocumentedSwiftTests.normalized(block.lines)
            let imports = lines.filter { $0.hasPrefix("import ") }
            let needle = lines.filter { !$0.hasPrefix("import ") }
            guard
                !holders.contains(where: { holder in
                    DocumentedSwiftTests.contains(holder.code, needle) && imports.allSatisfy(holder.lines.contains)
                })
            else { continue }
            let nearest = holders.max {
                DocumentedSwiftTests.longestPrefix(of: needle, in: $0.code)
                    < DocumentedSwiftTests.longestPrefix(of: needle, in: $1.code)
            }
            let matched = nearest.map { DocumentedSwiftTests.longestPrefix(of: needle, in: $0.code) } ?? 0
            let parting = matched < needle.count ? needle[matched] : ""
            Issue.record(
                """
                \(block): this Swift block is not in any test or example package; copy it into one that runs it \
                (\(matched) of its \(needle.count) lines match\(nearest.map { " in \($0.path)" } ?? ""), \
                first differing line: \(parting))
                """)
        }
    }
}
