import ArbiterEngine

/// What one cell of the focus table says for an (existing, incoming) pair (reference §3.1).
public enum FocusCell: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Both play.
    case playBoth = "·"
    case duckExisting = "De"
    case pauseExisting = "Pe"
    case stopExisting = "Se"
    case duckIncoming = "Di"
    case pauseIncoming = "Pi"
    /// The incoming stream is denied: its start fails and it is told STOP.
    case denyIncoming = "R"
    /// No entry: the start fails ("no focus cfg").
    case none = "–"

    public var description: String { rawValue }

    /// Whether the cell acts on the stream already in the list.
    var actsOnExisting: Bool { [.duckExisting, .pauseExisting, .stopExisting].contains(self) }
    /// Whether the cell acts on the stream starting now.
    var actsOnIncoming: Bool { [.duckIncoming, .pauseIncoming, .denyIncoming].contains(self) }
}

/// The default focus table (§3), as one release ships it.
public struct FocusTable: Sendable {
    let version: FocusTableVersion
    private let cells: [[FocusCell]]

    /// The table of `version`.
    public init(_ version: FocusTableVersion) {
        self.version = version
        var cells = openHarmony6Table.map { row in row.split(separator: " ").map { FocusCell(rawValue: String($0))! } }
        if version == .master {
            for (existing, incoming, cell) in masterChanges {
                cells[existing.index][incoming.index] = cell
            }
        }
        self.cells = cells
    }

    /// The cell for `existing`, already in the focus list, and `incoming`, starting now.
    public func cell(existing: FocusType, incoming: FocusType) -> FocusCell {
        cells[existing.index][incoming.index]
    }

    /// Whether every row has a cell for every type (the table's text is well formed).
    var isComplete: Bool {
        cells.count == FocusType.allCases.count && cells.allSatisfy { $0.count == FocusType.allCases.count }
    }
}

extension FocusType {
    /// The type's row and column in the table.
    var index: Int { FocusType.allCases.firstIndex(of: self)! }
}

/// The playback cells OpenHarmony master (2025-11-13) changed after 6.0 (§3.3): an alarm ducks media that starts over
/// it instead of being stopped, and media started during a call mixes instead of being ducked.
let masterChanges: [(FocusType, FocusType, FocusCell)] =
    [FocusType.game, .movie, .music, .speech].map { (.alarm, $0, .duckIncoming) } + [
        (.alarm, .voiceMessage, .duckExisting)
    ]
    + [FocusType.alarm, .game, .movie, .music, .speech, .system, .voiceMessage].flatMap {
        [(.voiceCall, $0, .playBoth), (.voiceCommunication, $0, .playBoth)]
    }
    + [(.voiceCommunication, .forceStop, .pauseExisting)]

/// The default focus table of OpenHarmony 6.0-Release (API 20), `audio_interrupt_policy_config.xml` read with
/// first-entry-wins (reference §3.2). A row is the stream already in the focus list, a column the stream starting
/// now, in `FocusType.allCases` order; a cell is `·` both play, `De`/`Pe`/`Se` duck, pause or stop the existing
/// stream, `Di`/`Pi` duck or pause the incoming one, `R` deny it, `–` no entry.
let openHarmony6Table: [String] = [
    "Se Se ·  Se De De Pe Pe Pe Pe Pe Pe Pe De ·  ·  ·  De ·  Se Se Se Se Se Pe Pe ·  ·  ·  ·  ·  ·  ·",
    "Se Se ·  Se De De Pe Pe Pe Pe Pe Pe Pe De ·  ·  ·  De ·  Se Se Se Se Se Pe Pe ·  ·  ·  ·  ·  ·  ·",
    "·  ·  Se ·  De De Pe Pe Pe Pe Pe Pe Pe De ·  ·  ·  De ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "Se Se ·  Se De De Pe Pe Pe Pe Pe Pe Pe De ·  ·  ·  De ·  Se Se Se Se Se Pe Pe ·  ·  ·  ·  ·  ·  ·",
    "Di Di Di Di Se Se De Se Se Se ·  Se ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·",
    "Di Di Se Di Se Se Di Se Se Se Se Se Di ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "Se Se ·  Se Di De Se Se Se Se Se Se Se De ·  ·  ·  ·  ·  Se Se Se Se Se Se Se ·  ·  ·  R  ·  ·  ·",
    "Di Di Di Di ·  R  Di Pe Pe Pe ·  ·  Di ·  Di ·  ·  De ·  Se ·  ·  ·  ·  R  ·  ·  ·  ·  R  ·  ·  ·",
    "Di Di Di Di R  R  Di Pi R  ·  R  R  Di ·  Di ·  ·  De ·  Se R  R  R  R  R  R  Pi ·  ·  R  ·  ·  ·",
    "Di Di Di Di R  R  Di Pi ·  R  R  R  Di ·  Di ·  ·  De ·  Se R  R  R  R  R  R  Pi ·  ·  R  ·  ·  ·",
    "Di Di Di Di ·  R  Di Se Se Se ·  Se ·  ·  Di ·  ·  De ·  Se ·  ·  ·  ·  ·  Pe ·  ·  ·  ·  ·  ·  ·",
    "Di Di Di Di R  R  Di R  Se Se R  R  ·  ·  Di ·  ·  De ·  Se ·  ·  ·  ·  ·  Pe ·  ·  ·  ·  ·  ·  ·",
    "Se Se Se Se ·  De Se Se Se Se Se Se Se ·  ·  ·  ·  ·  ·  Se Se Se Se Se Se Se ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  Se Se Se ·  ·  ·  Se ·  ·  ·  ·  ·  Se Se Se Se Se ·  Se ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "Di Di Di Di ·  ·  ·  Di Di Di De De Di ·  ·  ·  Di Se ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  R  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "R  R  R  R  R  R  R  R  R  R  R  R  R  R  R  R  R  R  R  –  R  R  R  R  R  R  R  R  R  R  R  R  R",
    "·  ·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  R  R  ·  R  ·  ·  Se R  R  R  R  ·  ·  Se Se ·  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  R  R  ·  R  ·  ·  Se R  R  R  R  R  R  Se Se ·  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  R  R  ·  R  ·  ·  Se R  R  R  R  R  R  Se Se ·  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  R  R  ·  R  ·  ·  Se R  R  R  R  ·  R  Se Se ·  R  ·  ·  ·",
    "Di Di ·  Di ·  ·  ·  Pe ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  Pe ·  ·  R  Pe Pe Se ·  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  Se Se ·  ·  ·  ·  ·  ·  ·  ·  ·  Se R  R  R  R  R  R  Se Se ·  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  Pe Pe ·  ·  ·  ·  ·  ·  ·  ·  ·  Se R  R  R  R  R  R  Pe ·  ·  R  ·  ·  R",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se R  R  R  R  R  R  ·  ·  R  R  R  R  R",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  R  ·  Se R  R  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se Se Se Se Se Se Se Se Se Se ·  ·  ·  Se",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
    "·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  Se ·  ·  ·  ·  ·  ·  Se ·  ·  R  ·  ·  R",
]
