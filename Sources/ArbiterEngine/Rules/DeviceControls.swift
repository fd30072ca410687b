/// The Ring/Silent switch and the screen lock.
extension Engine {
    mutating func apply(_ action: DeviceAction, _ effects: inout Effects) -> StepResult {
        switch action {
        case .ringer(let position):
            if device.ringer != position {
                device.ringer = position
                effects.decide(nil, detail: .ringer(position), .silentSwitch)
            }
        case .lock, .unlock:
            let locked = action == .lock
            if device.isLocked != locked {
                device.isLocked = locked
                effects.decide(nil, detail: .locked(locked), .screenLock)
            }
        case .connect(let accessory): return connect(accessory, &effects)
        case .disconnect(let accessory): return disconnect(accessory, &effects)
        case .network(let down): return setNetwork(down: down, &effects)
        }
        return .succeeded
    }
}
