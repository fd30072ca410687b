/// An `events:` pattern on any platform: it matches a notification the engine delivered, or not.
public protocol NotificationPattern {
    associatedtype Delivered
    /// Whether `notification` is one this pattern describes.
    func matches(_ notification: Delivered) -> Bool
}

extension EventPattern: NotificationPattern {}
extension FocusEventPattern: NotificationPattern {}

/// How an `events:` check matches its patterns against the notifications delivered since the last `expect:`, on
/// every platform.
enum EventMatch {
    /// `events:`: as many notifications as patterns, each matching its pattern, in order.
    static func inOrder<Pattern: NotificationPattern>(_ patterns: [Pattern], _ delivered: [Pattern.Delivered]) -> Bool {
        patterns.count == delivered.count && zip(patterns, delivered).allSatisfy { $0.matches($1) }
    }

    /// `events.includes:`: each pattern matches a different notification, in any order.
    static func all<Pattern: NotificationPattern>(_ patterns: [Pattern], _ delivered: [Pattern.Delivered]) -> Bool {
        var used = Set<Int>()
        for pattern in patterns {
            guard let index = delivered.indices.first(where: { !used.contains($0) && pattern.matches(delivered[$0]) })
            else { return false }
            used.insert(index)
        }
        return true
    }

    /// `events: { anyOrder: [...] }`: as many notifications as patterns, each pattern matching a different one.
    static func anyOrder<Pattern: NotificationPattern>(_ patterns: [Pattern], _ delivered: [Pattern.Delivered]) -> Bool
    {
        patterns.count == delivered.count && all(patterns, delivered)
    }
}
