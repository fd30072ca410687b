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
        let changes: [(FocusType, FocusType, FocusCell)] =
            switch version {
            case .openHarmony500: openHarmony500Changes
            case .openHarmony6: []
            case .master: masterChanges
            }
        for (existing, incoming, cell) in changes {
            cells[existing.index][incoming.index] = cell
        }
        if version == .openHarmony500 {
            for type in FocusType.allCases where !type.inOpenHarmony500 {
                for other in FocusType.allCases {
                    cells[type.index][other.index] = .none
                    cells[other.index][type.index] = .none
                }
            }
        }
        self.cells = cells
    }

    /// Whether the version's cell for the pair differs from 6.0's (the release's own change).
    public func differsFromOpenHarmony6(existing: FocusType, incoming: FocusType) -> Bool {
        version != .openHarmony6
            && cell(existing: existing, incoming: incoming)
                != FocusTable.openHarmony6.cell(existing: existing, incoming: incoming)
    }

    private static let openHarmony6 = FocusTable(.openHarmony6)

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

extension FocusType {
    /// Whether OpenHarmony 5.0.0's table (API 12) has the type: it has 30 of the 33, not CAMCORDER, UNPROCESSED or
    /// LIVE recordings, whose every pair has no entry there (§3.1).
    public var inOpenHarmony500: Bool { ![.camcorder, .unprocessed, .live].contains(self) }
}

/// The cells OpenHarmony 5.0.0-Release (API 12; also taken for API 13, which has no branch) has otherwise than 6.0,
/// among the 30 types both have: the focus table `services/audio_policy/server/config/audio_interrupt_policy_config.xml`
/// at the mirror's `OpenHarmony-5.0.0-Release` branch (commit 09294a60c0bbdd3da8745fe037430eba4a3663c5), read with
/// first-entry-wins: 30 types, 899 cells (§3.1). The 31 playback cells of §3.3 (a SYSTEM or DTMF stream that plays
/// is stopped by almost any stream that starts; a NOTIFICATION that plays is stopped by a system tone, an enforced
/// tone or the voice assistant; ACCESSIBILITY during a call assistant is ducked instead of ducking it), then the 10
/// recording cells.
let openHarmony500Changes: [(FocusType, FocusType, FocusCell)] =
    [
        FocusType.music, .movie, .game, .speech, .voiceAssistant, .voiceMessage, .voiceCommunication, .voiceCall,
        .voiceCallAssistant, .ring, .voiceRing, .alarm, .notification, .system, .enforced, .dtmf,
    ].map { (.system, $0, .stopExisting) }
    + [
        FocusType.music, .movie, .game, .speech, .voiceAssistant, .voiceMessage, .voiceCallAssistant, .system,
        .enforced, .dtmf, .accessibility,
    ].map { (.dtmf, $0, .stopExisting) }
    + [FocusType.voiceAssistant, .system, .enforced].map { (.notification, $0, .stopExisting) }
    + [(.voiceCallAssistant, .accessibility, .duckIncoming)]
    + [
        (.voiceMessage, .wakeup, .playBoth), (.mic, .voiceRecognition, .denyIncoming),
        (.mic, .voiceMessageRecording, .denyIncoming), (.voiceRecognition, .music, .playBoth),
        (.voiceRecognition, .movie, .playBoth), (.voiceRecognition, .speech, .playBoth),
        (.voiceRecognition, .mic, .pauseExisting), (.voiceCallRecording, .voiceCallRecording, .denyIncoming),
        (.wakeup, .voiceMessage, .playBoth), (.playbackCapture, .voiceRing, .stopExisting),
    ]

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
