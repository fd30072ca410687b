import ArbiterEngine
import ArbiterPipeWire

/// Which accessory a device node (a sink or source) stands for, from what the daemon says of it: nil for the
/// built-in speaker and microphone (and anything not audio).
enum DeviceNode {
    static func accessory(_ node: ProgramNode) -> AccessoryKind? {
        let properties = node.properties
        guard !node.isStream, node.mediaClass.hasPrefix("Audio/") else { return nil }
        let api = properties["device.api"] ?? ""
        let form = properties["device.form-factor"] ?? ""
        let bus = properties["device.bus"] ?? ""
        let name = (properties["node.name"] ?? "").lowercased()
        if api == "bluez5" || bus == "bluetooth" {
            let profile = properties["api.bluez5.profile"] ?? ""
            return profile.contains("head") || form == "headset" || profile.contains("hfp") || profile.contains("hsp")
                ? .bluetoothHeadset : .bluetoothHeadphones
        }
        switch form {
        case "headphone": return .wiredHeadphones
        case "headset": return .wiredHeadset
        case "car": return .carPlay
        case "tv": return .hdmi
        default: break
        }
        if name.contains("hdmi") { return .hdmi }
        if bus == "usb" { return .usbInterface }
        return nil
    }

    /// Which accessory a sound card's route stands for, by its `port.type` (as ALSA's devices and UCM publish it):
    /// headphones and a headset behind a jack, HDMI, USB and a car's port; nil for the built-in ones (speaker,
    /// handset, earpiece, mic, line) and an input other than a headset's mic.
    static func accessory(port type: String, output: Bool) -> AccessoryKind? {
        switch (type, output) {
        case ("headphones", true): .wiredHeadphones
        case ("headset", _): .wiredHeadset
        case ("hdmi", true), ("tv", true): .hdmi
        case ("usb", _): .usbInterface
        case ("car", true): .carPlay
        default: nil
        }
    }

    /// What one physical device's nodes share (a headset's sink and source are one accessory).
    static func key(_ node: ProgramNode) -> String {
        node.properties["device.id"].map { "device \($0)" } ?? "node \(node.id)"
    }

    /// The device a key stands for, when it is a device's.
    static func deviceID(_ key: String) -> UInt32? {
        key.hasPrefix("device ") ? UInt32(key.dropFirst(7)) : nil
    }

    /// The accessory's name: the device's description.
    static func name(_ node: ProgramNode) -> String? {
        node.properties["device.description"] ?? node.properties["node.description"] ?? node.properties["node.name"]
    }
}
