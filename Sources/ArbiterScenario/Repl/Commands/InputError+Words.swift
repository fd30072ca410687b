import ArbiterEngine

/// An engine's refusal in the words of the scenario format and of the REPL: its example written as each writes it.
extension InputError {
    /// `..., for example { accessory: wiredHeadphones, name: Second }`.
    public var inScenarioWords: String {
        switch example {
        case nil: message
        case .namedAccessory(let kind): "\(message), for example { accessory: \(kind), name: Second }"
        }
    }

    /// `..., for example device connect wiredHeadphones name=Second`.
    public var inReplWords: String {
        switch example {
        case nil: message
        case .namedAccessory(let kind): "\(message), for example device connect \(kind) name=Second"
        }
    }
}
