// Stand-ins for the APIs of ArbiterPipeWire/Programs and ArbiterLive/Bus while they are written; removed at merge.
public struct ProgramNode: Sendable, Equatable {
    public var id: UInt32
    public var mediaClass: String
    public var properties: [String: String]
    public var state: ProgramNodeState
    public var channelVolumes: [Float]
    public var softVolumes: [Float]
    public var mute: Bool?
    public var isStream: Bool { mediaClass.hasPrefix("Stream/") }
}
public enum ProgramNodeState: String, Sendable { case creating, suspended, idle, running, error, unknown }
public struct ProgramGraphSnapshot: Sendable {
    public var nodes: [ProgramNode]
    public var generation: UInt64
    public var rolePolicy: [String]
}
public enum ProgramGraphWait: Sendable { case changed, timeout, gone }
public final class ProgramGraph: @unchecked Sendable {
    public init(remote: String? = nil) throws { throw LiveError("not built yet") }
    public func sync(timeoutMs: Int32 = 2000) throws {}
    public func snapshot() -> ProgramGraphSnapshot { ProgramGraphSnapshot(nodes: [], generation: 0, rolePolicy: []) }
    public func wait(after generation: UInt64, timeoutMs: Int32) -> ProgramGraphWait { .gone }
    public var isAlive: Bool { false }
    public func setSoftVolumes(node: UInt32, _ volumes: [Float]) throws {}
    public func pause(node: UInt32) throws {}
    public func start(node: UInt32) throws {}
    public func close() {}
}
public struct MediaPlayer: Sendable, Equatable { public var busName: String; public var processID: Int32; public var identity: String?; public var playbackStatus: String? }
public final class SessionBus: @unchecked Sendable {
    public init(address: String? = nil) throws {}
    public func mediaPlayers() throws -> [MediaPlayer] { [] }
    public func pause(_ player: MediaPlayer) throws {}
    public func play(_ player: MediaPlayer) throws {}
    public func close() {}
}
public enum PlayerMatch { public static func player(forProcess pid: Int32, among players: [MediaPlayer]) -> MediaPlayer? { players.first { $0.processID == pid } } }
