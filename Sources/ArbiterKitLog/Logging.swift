import Foundation

// The unified logging API app code writes to (`import os.log`, `import os` or `import OSLog` on iOS;
// `import ArbiterKitLog` here): `os_log`, `OSLog`, `Logger`. On the simulated phone a log line has no console to go to: it is dropped, or
// formatted and written to standard error when the environment sets `ARBITERKIT_OS_LOG=1`. Nothing an app logs
// changes what the phone decides.

/// `OSLogType`: a message's level.
public struct OSLogType: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(rawValue: 0x00)
    public static let info = OSLogType(rawValue: 0x01)
    public static let debug = OSLogType(rawValue: 0x02)
    public static let error = OSLogType(rawValue: 0x10)
    public static let fault = OSLogType(rawValue: 0x11)

    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}

/// `OSLog`: a subsystem and category messages are filed under.
public final class OSLog: @unchecked Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")

    /// Whether messages of `type` are kept (all but a disabled log's).
    public func isEnabled(type: OSLogType) -> Bool { self !== OSLog.disabled }
}

/// `os_log` with a format string (`%{public}s`, `%d`, `%@`, ...), formatted as `String(format:)` formats it.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default,
    type: OSLogType = .default, _ args: CVarArg...
) {
    OSLogOutput.write(log, type, OSLogOutput.format("\(message)", args))
}

/// `os_log(_:log:_:_:)`, the form with the level first.
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ message: StaticString,
    _ args: CVarArg...
) {
    OSLogOutput.write(log, type, OSLogOutput.format("\(message)", args))
}

/// `OSLogPrivacy`: how an interpolated value would be redacted in a real log (kept whole here).
public struct OSLogPrivacy: Hashable, Sendable {
    let name: String
    public static let auto = OSLogPrivacy(name: "auto")
    public static let `public` = OSLogPrivacy(name: "public")
    public static let `private` = OSLogPrivacy(name: "private")
    public static let sensitive = OSLogPrivacy(name: "sensitive")
    public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .private }
    public static func auto(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .auto }

    /// `OSLogPrivacy.Mask`.
    public struct Mask: Hashable, Sendable {
        public static let hash = Mask()
        public static let none = Mask()
    }
}

/// `OSLogMessage`: the interpolated message `Logger`'s methods take (`"\(value, privacy: .public)"`).
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {
            text += String(describing: value())
        }
        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure () -> T,
            format: OSLogIntegerFormatting = .decimal,
            privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(
            _ value: @autoclosure () -> T,
            format: OSLogFloatFormatting = .fixed,
            privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }
    }
}

/// `OSLogIntegerFormatting` and `OSLogFloatFormatting`: how a number would be shown (shown plainly here).
public struct OSLogIntegerFormatting: Sendable {
    public static let decimal = OSLogIntegerFormatting()
    public static let hex = OSLogIntegerFormatting()
    public static let octal = OSLogIntegerFormatting()
}

public struct OSLogFloatFormatting: Sendable {
    public static let fixed = OSLogFloatFormatting()
    public static func fixed(precision: @autoclosure () -> Int) -> OSLogFloatFormatting { .fixed }
    public static let exponential = OSLogFloatFormatting()
    public static let hybrid = OSLogFloatFormatting()
}

/// `Logger` (iOS 14): a subsystem and category's log, with a method for each level.
public struct Logger: Sendable {
    let log: OSLog

    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    public init(_ log: OSLog) { self.log = log }
    public init() { log = .default }

    public func log(level: OSLogType, _ message: OSLogMessage) { OSLogOutput.write(log, level, message.text) }
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// Where log lines go: nowhere, or standard error with `ARBITERKIT_OS_LOG=1`.
enum OSLogOutput {
    static let toStandardError = ProcessInfo.processInfo.environment["ARBITERKIT_OS_LOG"] == "1"

    static func format(_ format: String, _ args: [CVarArg]) -> String {
        // `%{public}s` and `%{private}@` are os_log's; String(format:) knows the plain specifiers.
        let plain = format.replacingOccurrences(
            of: "\\{(public|private|sensitive)\\}", with: "",
            options: .regularExpression
        )
        .replacingOccurrences(of: "%s", with: "%@")
        return args.isEmpty
            ? plain
            : String(
                format: plain,
                arguments: args.map { arg -> CVarArg in
                    (arg as? String).map { $0 as NSString } ?? arg
                })
    }

    static func write(_ log: OSLog, _ type: OSLogType, _ text: @autoclosure () -> String) {
        guard toStandardError, log.isEnabled(type: type) else { return }
        let filed = [log.subsystem, log.category].filter { !$0.isEmpty }.joined(separator: " ")
        FileHandle.standardError.write(Data("[\(type.name)\(filed.isEmpty ? "" : " " + filed)] \(text())\n".utf8))
    }
}
