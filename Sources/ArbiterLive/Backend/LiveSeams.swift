import ArbiterPipeWire

/// What the live backend asks of the daemon: `ProgramGraph`, or a graph of the tests' own.
public protocol ProgramGraphAccess: AnyObject {
    /// The audio streams and devices as last published.
    func snapshot() -> ProgramGraphSnapshot
    /// Sets what a stream's converter applies (and its soft mute, when given), leaving the program's own volume
    /// (channelVolumes) alone.
    func setSoftVolumes(node: UInt32, _ volumes: [Float], mute: Bool?) throws
    /// Sets a role node's own volume (`ProgramNode.isRoleNode`), where the programs linked into it meet.
    func setChannelVolumes(node: UInt32, _ volumes: [Float]) throws
    /// Corks a stream: its node is paused, the program is not told.
    func pause(node: UInt32) throws
    /// Uncorks a stream.
    func start(node: UInt32) throws
}

/// What the live backend asks of the session bus: `SessionBus`, or players of the tests' own.
public protocol MediaPlayerAccess: AnyObject {
    func mediaPlayers() throws -> [MediaPlayer]
    func pause(_ player: MediaPlayer) throws
    func play(_ player: MediaPlayer) throws
}

extension ProgramGraph: ProgramGraphAccess {}
extension SessionBus: MediaPlayerAccess {}
