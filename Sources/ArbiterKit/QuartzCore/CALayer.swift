/// `CALayer`: a stand-in so code that puts a player's layer in a view compiles and runs (`view.layer.addSublayer(
/// playerLayer)`). Nothing is drawn or animated: its geometry, visibility and sublayers are kept and read back.
open class CALayer: NSObject, @unchecked Sendable {
    open var frame: CGRect = .zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var position: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var isHidden = false
    open var opacity: Float = 1
    open var masksToBounds = false
    open var cornerRadius: CGFloat = 0
    open var zPosition: CGFloat = 0
    open var contentsScale: CGFloat = 1
    open var needsDisplayOnBoundsChange = false
    open var name: String?
    open private(set) var sublayers: [CALayer]?
    open private(set) weak var superlayer: CALayer?

    public override init() {}

    /// A copy's start, as Core Animation makes one for its presentation: the geometry and visibility of `layer`.
    public init(layer: Any) {
        super.init()
        guard let layer = layer as? CALayer else { return }
        frame = layer.frame
        isHidden = layer.isHidden
        opacity = layer.opacity
    }

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var all = sublayers ?? []
        all.insert(layer, at: min(Int(index), all.count))
        sublayers = all
        layer.superlayer = self
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Nothing is drawn: kept for code that asks.
    open func setNeedsDisplay() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
}
