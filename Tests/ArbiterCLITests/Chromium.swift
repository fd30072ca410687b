import Foundation
import Testing

/// Debian's `chromium`, headless, as the HTML report's tests load pages in it (`tools/setup.sh` installs it): each
/// call with a private profile directory, removed after. Runs as root need `--no-sandbox`.
enum Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The browser, or nil when it is not installed.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/chromium" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The page's DOM once its scripts have run, and how long the browser took from start to exit.
    static func dumpDOM(_ file: String, fragment: String = "", windowSize: String = "1400,1000") throws
        -> (dom: String, seconds: Double)
    {
        let started = Date()
        let dom = try run(["--window-size=\(windowSize)", "--dump-dom", url(file, fragment)])
        return (dom, Date().timeIntervalSince(started))
    }

    /// A PNG of the page's first `windowSize` pixels.
    static func screenshot(_ file: String, fragment: String = "", to png: String, windowSize: String) throws {
        _ = try run(["--window-size=\(windowSize)", "--screenshot=\(png)", url(file, fragment)])
    }

    static func url(_ file: String, _ fragment: String) -> String {
        URL(fileURLWithPath: file).absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
    }

    /// Runs the browser headless on `arguments`; its standard output. Fails after two minutes.
    private static func run(_ arguments: [String]) throws -> String {
        guard let executable else {
            throw Failure(description: "no chromium on PATH; install it with `bash tools/setup.sh --deps-only`")
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--no-first-run",
                "--hide-scrollbars",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timer)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(
                description: "chromium \(arguments.joined(separator: " ")) ended with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Reading a dumped DOM.
extension String {
    /// Each match's first capture group, in order.
    func captures(_ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap {
            Range($0.range(at: 1), in: self).map { String(self[$0]) }
        }
    }

    /// The text of the markup, tags dropped, entities `&amp;` `&lt;` `&gt;` `&quot;` read, spaces collapsed.
    var textContent: String {
        var text = replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
