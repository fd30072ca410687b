/// The version `arbiter --version` prints.
enum ArbiterVersion {
    static let current = "0.1.0"
}
