import Foundation
import Logging

/// swift-log's handler for a long-running service: one line per message on standard error. Under systemd
/// (`JOURNAL_STREAM` set) each line starts with its syslog priority (`<4>`), which the journal reads as the
/// message's level; elsewhere it starts with `arbiter: warning:` and the like.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let journal: Bool

    public init(label: String, journal: Bool = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil) {
        self.label = label
        self.journal = journal
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }
        let suffix =
            fields.isEmpty
            ? "" : " (" + fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: " ") + ")"
        let line =
            journal
            ? "<\(JournalLogHandler.priority(event.level))>\(event.message)\(suffix)\n"
            : "\(label): \(event.level): \(event.message)\(suffix)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The syslog priority of a level (sd-daemon(3)).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
