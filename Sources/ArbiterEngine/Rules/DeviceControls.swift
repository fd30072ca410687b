/// The Ring/Silent switch, the screen lock, and the device's other controls (accessories, the mic, waking).
extension Engine {
    mutating func apply(_ action: DeviceAction, _ effects: inout Effects) -> StepResult {
        switch action {
        case .ringer(let position):
            if device.ringer != position {
                device.ringer = position
                effects.record(nil, .ringer(position), .silentSwitch)
            }
        case .lock, .unlock:
            let locked = action == .lock
            if device.isLocked != locked {
                device.isLocked = locked
                effects.record(nil, .locked(locked), .screenLock)
            }
        case .connect(let accessory): return connect(accessory, &effects)
        case .disconnect(let accessory): return disconnect(accessory, &effects)
        case .network(let down): return setNetwork(down: down, &effects)
        case .builtInMic(let muted): return setBuiltInMicMuted(muted, &effects)
        case .wake: return wake(&effects)
        }
        return .succeeded
    }
}
