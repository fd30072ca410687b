/// `UIResponder`, `UIView` and `UIViewController`: stand-ins so audio code that lives in a view controller, or takes
/// one as a parameter, compiles. The simulated phone shows no UI: nothing is drawn, laid out or presented, and it
/// never calls their lifecycle methods (`viewDidLoad()`, `viewWillAppear(_:)`, ...); the code's own calls to them
/// run as written. An app's lifecycle reaches its code through `UIApplication`'s notifications and delegate.
open class UIResponder: NSObject {
    public override init() {}
}

/// A stand-in (see `UIResponder`): a frame, subviews and its layer (whose sublayers a player's layer joins), kept
/// and read back.
open class UIView: UIResponder {
    open var frame: CGRect {
        didSet { layer.frame = CGRect(origin: layer.frame.origin, size: frame.size) }
    }
    /// The view's layer, the size of its frame.
    public let layer = CALayer()
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    open var isHidden = false
    open var alpha: CGFloat = 1
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
        layer.frame = CGRect(origin: .zero, size: frame.size)
    }
    public override convenience init() { self.init(frame: .zero) }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
}

/// A stand-in (see `UIResponder`): its view is made when first asked for, and its children are kept.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    open private(set) var children: [UIViewController] = []
    open private(set) weak var parent: UIViewController?
    open var title: String?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    open var isViewLoaded: Bool { loadedView != nil }

    open func loadView() { loadedView = UIView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
}
