/// What one event did: its result, the decisions it caused and the notifications delivered.
public struct Outcome: Hashable, Sendable {
    public var time: Time
    public var event: Event
    public var result: StepResult
    /// What the event changed, in order, each with its rule. The engine records decisions as plain codes and they
    /// are spelled out here, when read: read this once and keep the array rather than reading it again.
    public var decisions: [Decision] {
        get { effects.records.decisions }
        set { effects.records = DecisionRecords(newValue) }
    }
    /// How many decisions the event made (without spelling them out). Inlinable: a caller in another module reads
    /// the count in place, where a call would copy the whole outcome first.
    @inlinable public var decisionCount: Int { effects.records.codes.count }
    public var notifications: [SessionNotification] {
        get { effects.notifications }
        set { effects.notifications = newValue }
    }
    /// The apps' own reactions that ran, in order, with how each went.
    public var reactions: [ReactionRecord] {
        get { effects.reactions }
        set { effects.reactions = newValue }
    }
    /// What the engine recorded during the event.
    @usableFromInline var effects = Effects()

    public init(
        time: Time, event: Event, result: StepResult, decisions: [Decision] = [],
        notifications: [SessionNotification] = [], reactions: [ReactionRecord] = []
    ) {
        self.time = time
        self.event = event
        self.result = result
        if !decisions.isEmpty { effects.records = DecisionRecords(decisions) }
        effects.notifications = notifications
        effects.reactions = reactions
    }

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
        lhs.time == rhs.time && lhs.event == rhs.event && lhs.result == rhs.result
            && lhs.effects.records == rhs.effects.records && lhs.notifications == rhs.notifications
            && lhs.reactions == rhs.reactions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(event)
        hasher.combine(result)
        hasher.combine(effects.records)
        hasher.combine(notifications)
        hasher.combine(reactions)
    }

    /// The iOS error the call failed with, if it did.
    public var error: SessionError? {
        if case .failed(let error) = result { return error }
        return nil
    }
}

/// A reaction an app's code ran, and how it went.
public struct ReactionRecord: Hashable, Sendable {
    public var app: AppID
    public var trigger: ReactionTrigger
    public var reaction: Reaction
    public var result: StepResult
}

/// How an event went.
public enum StepResult: Hashable, Sendable {
    case succeeded
    /// The call failed as it would on iOS. State may still have changed (deactivating with running
    /// I/O deactivates anyway and reports isBusy).
    case failed(SessionError)
    /// The event makes no sense here (unknown app, time going backwards, ...). Nothing changed.
    case rejected(InputError)
}

/// An iOS error returned by an AVAudioSession call, with the rule that produced it.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var rule: Rule

    public init(_ code: ErrorCode, _ rule: Rule) {
        self.code = code
        self.rule = rule
    }

    public var description: String { "\(code) (\(code.codeText))  [\(rule.id)]" }
}

/// An event the engine cannot apply, with what was expected instead.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what was expected, in words every front end shares.
    public var message: String
    /// A value that would have been accepted, for each front end to write in its own syntax.
    public var example: Example?

    /// Values an error can suggest.
    public enum Example: Hashable, Sendable {
        /// A second accessory of a kind, told apart from the first by a name (`Second`).
        case namedAccessory(AccessoryKind)
    }

    public init(_ message: String, example: Example? = nil) {
        self.message = message
        self.example = example
    }

    /// The message, and the example as Swift: `..., for example AccessorySpec(.wiredHeadphones, name: "Second")`.
    public var description: String {
        switch example {
        case nil: message
        case .namedAccessory(let kind): "\(message), for example AccessorySpec(.\(kind), name: \"Second\")"
        }
    }
}
