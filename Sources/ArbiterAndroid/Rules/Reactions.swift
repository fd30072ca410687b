import ArbiterEngine

extension AndroidRules {
    static let appReaction = Rule(
        id: "reaction.app-code",
        statement: "the app's OnAudioFocusChangeListener runs its own code for the change it is told: what it does "
            + "is the app's choice, not the framework's",
        source: AOSP.audioManager + " OnAudioFocusChangeListener.onAudioFocusChange (the scenario's reactions)",
        evidence: .model)
}
