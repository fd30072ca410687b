/// `AVPlayerItemOutput` and `AVPlayerItemMetadataOutput`: present so code that reads a stream's timed metadata
/// (ICY titles, ID3 in HLS) compiles. Timed metadata is not modelled: adding a metadata output to an item is reported
/// as not modelled, and its delegate is never called. The outputs are kept and read back (`AVPlayerItem.outputs`).
open class AVPlayerItemOutput: NSObject, @unchecked Sendable {
    public override init() {}
}

/// `AVPlayerItemOutputPushDelegate`. Its method is optional.
public protocol AVPlayerItemOutputPushDelegate: AnyObject {
    func outputSequenceWasFlushed(_ output: AVPlayerItemOutput)
}

extension AVPlayerItemOutputPushDelegate {
    public func outputSequenceWasFlushed(_ output: AVPlayerItemOutput) {}
}

/// `AVPlayerItemMetadataOutputPushDelegate`. Its method is optional; it is never called here (see
/// `AVPlayerItemOutput`).
public protocol AVPlayerItemMetadataOutputPushDelegate: AVPlayerItemOutputPushDelegate {
    func metadataOutput(
        _ output: AVPlayerItemMetadataOutput,
        didOutputTimedMetadataGroups groups: [AVTimedMetadataGroup],
        from track: AVPlayerItemTrack?)
}

extension AVPlayerItemMetadataOutputPushDelegate {
    public func metadataOutput(
        _ output: AVPlayerItemMetadataOutput,
        didOutputTimedMetadataGroups groups: [AVTimedMetadataGroup],
        from track: AVPlayerItemTrack?
    ) {}
}

/// `AVPlayerItemMetadataOutput`: its identifiers, delegate and queue are kept; no metadata is output.
open class AVPlayerItemMetadataOutput: AVPlayerItemOutput, @unchecked Sendable {
    public let identifiers: [String]?
    open private(set) weak var delegate: AVPlayerItemMetadataOutputPushDelegate?
    open private(set) var delegateQueue: DispatchQueue?
    open var advanceIntervalForDelegateInvocation: TimeInterval = 0

    public init(identifiers: [String]?) { self.identifiers = identifiers }

    /// An output of every identifier (`identifiers` nil).
    public override convenience init() { self.init(identifiers: nil) }

    open func setDelegate(_ delegate: AVPlayerItemMetadataOutputPushDelegate?, queue delegateQueue: DispatchQueue?) {
        self.delegate = delegate
        self.delegateQueue = delegateQueue
    }
}

/// `AVTimedMetadataGroup`: metadata items over a time range.
open class AVTimedMetadataGroup: NSObject, @unchecked Sendable {
    public let items: [AVMetadataItem]
    public let timeRange: CMTimeRange

    public init(items: [AVMetadataItem], timeRange: CMTimeRange) {
        self.items = items
        self.timeRange = timeRange
    }
}

/// `AVPlayerItemTrack`: present for the metadata delegate's signature; no item hands one out here.
open class AVPlayerItemTrack: NSObject, @unchecked Sendable {
    open var isEnabled = true
}

extension AVPlayerItem {
    /// The outputs added to the item, in order.
    public var outputs: [AVPlayerItemOutput] { itemOutputs }

    /// Adds an output. A metadata output is reported as not modelled: the item's timed metadata is not simulated.
    public func add(_ output: AVPlayerItemOutput) {
        guard !itemOutputs.contains(where: { $0 === output }) else { return }
        if output is AVPlayerItemMetadataOutput {
            Diagnostics.unmodelled("AVPlayerItem.add(AVPlayerItemMetadataOutput) (timed metadata)", app: app)
        }
        itemOutputs.append(output)
    }

    public func remove(_ output: AVPlayerItemOutput) { itemOutputs.removeAll { $0 === output } }
}
