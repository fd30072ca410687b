import ArbiterLint
import Yams

/// Splits a scenario file into one document per platform it is replayed on.
///
/// A file is one platform's (`platform: android`, or iOS when it names none), or a cross-platform app's two halves
/// (`platforms: [ios, android]`). For each platform of a cross-platform file, every app, `expect:` and the top level
/// get their own platform's block (`ios:`, `android:`) merged in and the other platforms' blocks removed, and steps
/// marked `platform:` for another platform are dropped. Nodes keep their place in the file, so errors still say
/// file:line:column.
enum PlatformProjection {
    static let blockKeys = ["ios", "android", "androidAutomotive", "harmonyos"]

    /// The platforms `root` is replayed on, each with its document; problems are reported to `reader`.
    static func split(_ root: Node, reader: inout YAMLReader) -> [(platform: ScenarioPlatform, root: Node)] {
        guard case .mapping(let top) = root else { return [(.ios, root)] }
        let platformNode = value("platform", in: top)
        let platformsNode = value("platforms", in: top)
        if let platformNode, let platformsNode {
            reader.fail(
                platformsNode, "the file has both 'platform' and 'platforms'",
                expected: "'platform: android' for one platform, or 'platforms: [ios, android]' for both")
            _ = platformNode
            return []
        }
        if let platformNode {
            guard let platform = choosePlatform(platformNode, reader: &reader) else { return [] }
            return [(platform, platform == .ios ? removing("platform", from: top) : root)]
        }
        guard let platformsNode else { return [(.ios, root)] }
        guard let items = reader.list(platformsNode, expected: "a list of platforms, such as [ios, android]") else {
            return []
        }
        var platforms: [ScenarioPlatform] = []
        for item in items {
            guard let platform = choosePlatform(item, reader: &reader) else { continue }
            if platforms.contains(platform) {
                reader.fail(item, "\(platform) is listed twice", expected: "each platform once")
            } else {
                platforms.append(platform)
            }
        }
        if items.isEmpty {
            reader.fail(
                platformsNode, "no platforms are listed", expected: "a list of platforms, such as [ios, android]")
        }
        return platforms.map { ($0, project(top, to: $0)) }
    }

    static func choosePlatform(_ node: Node, reader: inout YAMLReader) -> ScenarioPlatform? {
        reader.choice(node, ScenarioPlatform.allCases.map { ($0.rawValue, $0) }, what: "platform")
    }

    /// The document `platform` replays: blocks merged, other platforms' blocks and steps removed.
    static func project(_ top: Node.Mapping, to platform: ScenarioPlatform) -> Node {
        var pairs: [(Node, Node)] = []
        for (key, value) in top {
            switch key.string {
            case "platforms":
                if platform != .ios {
                    pairs.append((scalar("platform", at: key), scalar(platform.rawValue, at: value)))
                }
            case "apps":
                pairs.append((key, mapValues(value) { withOwnLints(merged($0, for: platform), for: platform) }))
            case "allowLints":
                pairs.append((key, ownLints(value, for: platform)))
            case "steps":
                pairs.append((key, steps(value, for: platform)))
            default:
                pairs.append((key, value))
            }
        }
        return merged(.mapping(Node.Mapping(pairs, top.tag, top.style, top.mark)), for: platform, topLevel: true)
    }

    /// `node` with `platform`'s block merged in (its keys win) and every platform's block removed. At the top level
    /// a scalar `ios:` or `android:` is the release, not a block: it stays for its own platform only.
    static func merged(_ node: Node, for platform: ScenarioPlatform, topLevel: Bool = false) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        var pairs: [(Node, Node)] = []
        var block: (name: String, mapping: Node.Mapping)?
        for (key, value) in mapping {
            guard let name = key.string, blockKeys.contains(name) else {
                pairs.append((key, value))
                continue
            }
            let own = platform.blockKeys.contains(name)
            if case .mapping(let inner) = value {
                // The car takes an `androidAutomotive:` block over an `android:` one.
                if own, block == nil || name == platform.blockKeys[0] { block = (name, inner) }
            } else if !topLevel || own {
                pairs.append((key, value))  // a release (or, off the top level, left for the decoder to report)
            }
        }
        for (key, value) in block?.mapping ?? [:] {
            guard let index = pairs.firstIndex(where: { $0.0.string == key.string }) else {
                pairs.append((key, value))
                continue
            }
            pairs[index].1 = combined(pairs[index].1, value)
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    /// A shared value with a platform block's value for the same key: two mappings are merged key by key (the
    /// block's keys win, `Pod: { playing: false }` beside `android: { Pod: { focus: loss } }` checks both); anything
    /// else is the block's.
    static func combined(_ shared: Node, _ own: Node) -> Node {
        guard case .mapping(let base) = shared, case .mapping(let extra) = own else { return own }
        var pairs = Array(base)
        for (key, value) in extra {
            if let index = pairs.firstIndex(where: { $0.0.string == key.string }) {
                pairs[index].1 = combined(pairs[index].1, value)
            } else {
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, base.tag, base.style, base.mark))
    }

    /// The steps `platform` replays: those marked for another platform dropped, `expect:` blocks merged.
    static func steps(_ node: Node, for platform: ScenarioPlatform) -> Node {
        guard case .sequence(let sequence) = node else { return node }
        var kept: [Node] = []
        for step in sequence {
            guard case .mapping(let mapping) = step else {
                kept.append(step)
                continue
            }
            // `platform: ios` or `platform: [android, harmonyos]`; a name no platform has is left to the decoder.
            if let marked = value("platform", in: mapping),
                let listed = marked.string.map({ [$0] }) ?? marked.sequence?.compactMap(\.string),
                !listed.isEmpty, listed.allSatisfy({ ScenarioPlatform(rawValue: $0) != nil })
            {
                let names = platform == .androidAutomotive ? ["androidAutomotive", "android"] : [platform.rawValue]
                if listed.contains(where: names.contains) {
                    kept.append(expectMerged(removing("platform", from: mapping), for: platform))
                } else if let timed = timeOnly(mapping) {
                    kept.append(timed)
                }
                continue
            }
            kept.append(expectMerged(step, for: platform))
        }
        return .sequence(Node.Sequence(kept, sequence.tag, sequence.style, sequence.mark))
    }

    /// What is left of another platform's step: its `at:` or `after:` under `YAMLReader.otherPlatformsStep`, so that
    /// every half keeps the file's clock (nil when it names no time).
    static func timeOnly(_ step: Node.Mapping) -> Node? {
        let times = step.filter { ["at", "after"].contains($0.key.string) }
        guard !times.isEmpty else { return nil }
        let marker = scalar(YAMLReader.otherPlatformsStep, at: times[0].key)
        return .mapping(
            Node.Mapping(times + [(marker, scalar("true", at: times[0].key))], step.tag, step.style, step.mark))
    }

    static func expectMerged(_ step: Node, for platform: ScenarioPlatform) -> Node {
        guard case .mapping(let mapping) = step else { return step }
        var pairs: [(Node, Node)] = []
        for (key, value) in mapping {
            if key.string == "expect" {
                pairs.append((key, merged(value, for: platform)))
            } else if key.string == "system", platform == .ios {
                pairs.append((key, renamedKey(value, from: "assistant", to: "siri")))
            } else {
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    /// `{ assistant: begin }` is `{ siri: begin }` to iOS.
    static func renamedKey(_ node: Node, from: String, to: String) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        let pairs = mapping.map { key, value in
            key.string == from ? (scalar(to, at: key), value) : (key, value)
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    /// An app's mapping with its `allowLints` left to `platform`'s own lints.
    static func withOwnLints(_ node: Node, for platform: ScenarioPlatform) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        let pairs = mapping.map { key, value in
            key.string == "allowLints" ? (key, ownLints(value, for: platform)) : (key, value)
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    /// Shared `allowLints` without the other platforms' lints: each platform is allowed its own (an identifier no
    /// platform knows stays, for the decoder to report).
    static func ownLints(_ node: Node, for platform: ScenarioPlatform) -> Node {
        let own = Set((platform == .ios ? Lint.catalog : Lint.androidCatalog).map(\.id))
        let others = Set((platform == .ios ? Lint.androidCatalog : Lint.catalog).map(\.id)).subtracting(own)
        func keep(_ id: Node) -> Bool { !others.contains(id.string ?? "") }
        switch node {
        case .mapping(let mapping):
            return .mapping(Node.Mapping(mapping.filter { keep($0.key) }, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.filter(keep), sequence.tag, sequence.style, sequence.mark))
        default:
            return node
        }
    }

    /// The mapping without `key`.
    static func removing(_ key: String, from mapping: Node.Mapping) -> Node {
        .mapping(Node.Mapping(mapping.filter { $0.key.string != key }, mapping.tag, mapping.style, mapping.mark))
    }

    /// A plain scalar placed where `node` is written.
    static func scalar(_ text: String, at node: Node) -> Node {
        .scalar(Node.Scalar(text, .implicit, .plain, node.mark))
    }

    static func mapValues(_ node: Node, _ transform: (Node) -> Node) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        let pairs = mapping.map { ($0.key, transform($0.value)) }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    static func value(_ key: String, in mapping: Node.Mapping) -> Node? {
        mapping.first { $0.key.string == key }?.value
    }
}
