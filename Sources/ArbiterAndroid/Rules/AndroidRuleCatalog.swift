import ArbiterEngine

/// Every rule the Android engine can cite.
public enum AndroidRules {
    public static let catalog: [Rule] = []

    /// The rule with this identifier, if the Android engine has one.
    public static func named(_ id: String) -> Rule? { catalog.first { $0.id == id } }
}
