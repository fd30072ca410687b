import ArbiterEngine

/// The car's ducking table: which contexts a focus holder's context ducks among the holders beside it.
enum CarDucking {
    static func ducks(_ holder: CarAudioContext) -> Set<CarAudioContext> {
        switch holder {
        case .navigation:
            [.music, .callRing, .call, .alarm, .notification, .systemSound, .vehicleStatus, .announcement]
        case .voiceCommand: [.callRing]
        case .call: [.callRing, .alarm, .notification, .vehicleStatus]
        case .alarm: [.music]
        case .notification, .systemSound: [.music, .alarm, .announcement]
        case .emergency: [.call]
        case .safety: Set(CarAudioContext.real).subtracting([.emergency, .safety])
        case .vehicleStatus: [.music, .callRing, .announcement]
        case .music, .callRing, .announcement, .invalid: []
        }
    }
}

/// The car's audio HAL ducks by context: an app holding focus beside a holder whose context ducks its own plays at
/// the duck level, and its listener is not told.
extension AndroidEngine {
    mutating func applyCarDucking() {
        let ducked = carDuckedOwners
        for i in records.indices {
            let isDucked = ducked.contains(.app(records[i].id))
            guard isDucked != records[i].carDucked else { continue }
            records[i].carDucked = isDucked
            records[i].rules["ducked"] = AndroidRules.carDucking
            decide(i, isDucked ? .ducked(to: profile.duckLevel, over: .zero) : .unducked, AndroidRules.carDucking)
        }
        for (owner, client) in systemClients where ducked.contains(owner) != client.carDucked {
            systemClients[owner]?.carDucked = ducked.contains(owner)
            systemClients[owner]?.rules["ducked"] = AndroidRules.carDucking
            decide(
                owner, ducked.contains(owner) ? .ducked(to: profile.duckLevel, over: .zero) : .unducked,
                AndroidRules.carDucking)
        }
    }

    /// The holders whose context another holder's context ducks.
    var carDuckedOwners: Set<FocusOwner> {
        let holders = policy.entries.filter { policy.holders.contains($0.owner) }
        var ducked: Set<FocusOwner> = []
        for mine in holders {
            let context = CarAudioContext(mine.attributes.usage)
            if holders.contains(where: {
                $0.owner != mine.owner && CarDucking.ducks(CarAudioContext($0.attributes.usage)).contains(context)
            }) {
                ducked.insert(mine.owner)
            }
        }
        return ducked
    }
}

extension AndroidRules {
    static let carDucking = Rule(
        id: "car.ducking",
        statement: "a focus holder's context ducks the concurrent holders whose contexts its ducking table lists "
            + "(navigation ducks music, ...); the ducked app is not told",
        source: AOSP.carAudioContext + " (contexts to duck); AOSP-CAR service/src/com/android/car/audio/"
            + "CarDuckingUtils.java",
        evidence: .documented)
}
