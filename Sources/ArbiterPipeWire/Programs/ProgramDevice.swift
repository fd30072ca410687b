/// An audio device (a sound card, `media.class` Audio/Device) and its routes, as it last listed them: on ALSA
/// hardware, plugging or pulling a jack changes the availability of a route of the same device, and no node comes or
/// goes.
public struct ProgramDevice: Sendable, Equatable {
    public var id: UInt32
    /// `device.name`, `device.description` and `device.api` (`alsa`, `bluez5`, ...).
    public var name: String
    public var description: String
    public var api: String
    public var routes: [DeviceRoute]

    public init(id: UInt32, name: String, description: String, api: String, routes: [DeviceRoute]) {
        self.id = id
        self.name = name
        self.description = description
        self.api = api
        self.routes = routes
    }
}

/// A route of a device: one of its outputs or inputs (EnumRoute), whether something is plugged into it, and whether
/// it is the one in use (Route).
public struct DeviceRoute: Sendable, Equatable {
    /// Whether something is there: a jack's plug, as the hardware reports it.
    public enum Availability: Sendable, Equatable {
        case unknown, no, yes
    }

    public var index: UInt32
    public var isOutput: Bool
    public var availability: Availability
    public var isActive: Bool
    /// `analog-output-headphones`, and its description (`Headphones`).
    public var name: String
    public var description: String
    /// Its `port.type`: `headphones`, `speaker`, `headset`, `hdmi`, ... ("" when it has none).
    public var portType: String

    public init(
        index: UInt32, isOutput: Bool, availability: Availability, isActive: Bool, name: String, description: String,
        portType: String
    ) {
        self.index = index
        self.isOutput = isOutput
        self.availability = availability
        self.isActive = isActive
        self.name = name
        self.description = description
        self.portType = portType
    }
}
