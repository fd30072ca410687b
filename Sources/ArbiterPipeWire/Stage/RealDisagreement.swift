import ArbiterEngine

/// A player whose real stream the graph shows otherwise than the engine.
public struct RealDisagreement: Hashable, Sendable, CustomStringConvertible {
    public var app: String
    public var player: String
    /// `playing` or `volume`.
    public var what: String
    /// The engine's value (`true`, `0.2`).
    public var model: String
    /// What the graph shows (`not running`, `1`).
    public var graph: String

    public init(app: String, player: String, what: String, model: String, graph: String) {
        self.app = app
        self.player = player
        self.what = what
        self.model = model
        self.graph = graph
    }

    /// `App.player: the graph disagrees with the model: model playing true, graph not running`.
    public var description: String {
        "\(app).\(player): the graph disagrees with the model: model \(what) \(model), graph \(graph)"
    }
}
