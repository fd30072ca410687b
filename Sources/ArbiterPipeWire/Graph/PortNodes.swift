import ArbiterEngine

/// How ports are named in the graph: `arbiter.port.<portType>`, `.<name>` for a named accessory, and `.in` for
/// the input side of a port that is both (bluetoothHFP, usbAudio, carAudio).
public enum PortNodes {
    /// One node an accessory brings.
    public struct Node: Hashable, Sendable {
        public var name: String
        public var port: PortType
        public var isSource: Bool
    }

    /// The nodes for `accessory`.
    public static func nodes(for accessory: AccessorySpec) -> [Node] {
        let suffix = accessory.name.map { ".\($0)" } ?? ""
        var nodes = accessory.kind.outputs.map { Node(name: "arbiter.port.\($0)\(suffix)", port: $0, isSource: false) }
        for input in accessory.kind.inputs {
            let both = accessory.kind.outputs.contains(input)
            nodes.append(Node(name: "arbiter.port.\(input)\(suffix)\(both ? ".in" : "")", port: input, isSource: true))
        }
        return nodes
    }

    /// The node a route port plays to (or records from).
    public static func node(for port: Port, isInput: Bool) -> String {
        // An unnamed accessory's label is its kind; built-in ports have none.
        let name = port.accessory.map { AccessoryKind(rawValue: $0) == nil ? ".\($0)" : "" } ?? ""
        let both = port.accessory != nil && [.bluetoothHFP, .usbAudio, .carAudio].contains(port.type)
        return "arbiter.port.\(port.type)\(name)\(isInput && both ? ".in" : "")"
    }

    /// Properties a real device of this kind would carry.
    public static func properties(for accessory: AccessorySpec, node: Node) -> [(String, String)] {
        let api: String =
            switch accessory.kind {
            case .bluetoothHeadphones, .bluetoothHeadset: "bluez5"
            case .airPlaySpeaker: "raop"
            case .carPlay: "carplay"
            default: "alsa"
            }
        let formFactor: String =
            switch accessory.kind {
            case .wiredHeadphones, .bluetoothHeadphones: "headphone"
            case .wiredHeadset, .bluetoothHeadset: "headset"
            case .carPlay: "car"
            case .airPlaySpeaker, .lineOut: "speaker"
            case .hdmi: "tv"
            case .usbInterface: "external"
            }
        return [
            ("arbiter.port", node.port.rawValue), ("arbiter.accessory", accessory.kind.rawValue),
            ("arbiter.accessory.name", accessory.name ?? ""), ("device.api", api),
            ("device.form-factor", formFactor), ("node.description", "\(accessory) \(node.port)"),
        ]
    }
}
