import Foundation

/// Runs the built `arbiter` binary, as a user would.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `arbiter` executable beside the test bundle.
    static var executable: URL { executable(named: "arbiter") }

    /// An executable of the package beside the test bundle.
    static func executable(named name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("no \(name) executable near \(testBinary.path); build it with `swift build`")
    }

    /// The package's root directory (where `scenarios/` is).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `arbiter` (or another executable of the package) with `arguments`, from the package root.
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        program: String = "arbiter"
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable(named: program)
        process.currentDirectoryURL = packageRoot
        if !environment.isEmpty {
            process.environment = Foundation.ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        // A child that exits before reading all its input must fail its test, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        // Input is written beside the reads, so a child that answers before it has read everything cannot
        // fill one pipe while this side waits on the other.
        let written = DispatchGroup()
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async(group: written) {
            if let stdin { try? writer.write(contentsOf: Data(stdin.utf8)) }
            try? writer.close()
        }
        let stderrData = DispatchGroup()
        nonisolated(unsafe) var stderr = Data()
        DispatchQueue.global().async(group: stderrData) { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        stderrData.wait()
        written.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension CLI {
    /// The text of a file under the package root.
    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The files under a directory of the package, sorted.
    static func files(in directory: String, ending suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(suffix) }.sorted().map { "\(directory)/\($0)" }
    }
}
