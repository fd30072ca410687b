import ArbiterEngine

/// ✓/✗ for the checks.
extension AndroidTimelineSVG.Canvas {
    /// The ✓ and ✗ of the checks of `app` (nil: those about no one app), on a row of their own (none when there
    /// are none); hovering gives the check, its position, and the value found when it failed.
    mutating func checkRow(app: AppID?) {
        checkRow(picture.checks.filter { $0.app == app })
    }
}
