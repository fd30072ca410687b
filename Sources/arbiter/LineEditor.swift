import ArbiterEngine
import ArbiterScenario
import CArbiterLineEditing

#if canImport(Glibc)
    import Glibc
#endif

/// The REPL's terminal: libedit's line editing, a history kept in a file, and tab completion from the session's
/// vocabulary; Ctrl-C drops the line being typed. Only used when standard input is a terminal.
final class LineEditor {
    /// The apps the completer offers; the REPL updates it as apps are declared.
    nonisolated(unsafe) static var apps: [AppConfig] = []

    let historyPath: String?
    private var warned = false

    init(historyPath: String?) {
        self.historyPath = historyPath
        arbiter_line_setup(
            "arbiter",
            { line, endsWord in
                guard let line else { return nil }
                let candidates = ReplCompletion.candidates(for: String(cString: line), apps: LineEditor.apps)
                guard !candidates.isEmpty else { return nil }
                if candidates.count == 1 { endsWord?.pointee = ReplCompletion.endsWord(candidates[0]) ? 1 : 0 }
                // The C side frees the array and its strings with free(3), so both come from malloc.
                let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (candidates.count + 1)
                guard let memory = malloc(size) else { return nil }
                let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: candidates.count + 1)
                for (index, candidate) in candidates.enumerated() { array[index] = strdup(candidate) }
                array[candidates.count] = nil
                return array
            }, historyPath)
    }

    /// One edited line, or nil at end of input (Ctrl-D on an empty line). Ctrl-C drops the line and prompts again.
    func read(prompt: String) -> String? {
        var interrupted: Int32 = 0
        var raw = arbiter_line_read(prompt, &interrupted)
        while raw == nil && interrupted != 0 {
            print("^C")
            raw = arbiter_line_read(prompt, &interrupted)
        }
        guard let raw else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.allSatisfy({ $0 == " " || $0 == "\t" }), arbiter_line_remember(line, historyPath) != 0, !warned {
            warned = true
            print("warning: cannot write the history file \(historyPath ?? ""); history is kept for this session only")
        }
        return line
    }

    /// `$ARBITER_HISTORY`, or `$XDG_STATE_HOME/arbiter/history` (`~/.local/state/arbiter/history`); the folder is
    /// made when missing.
    static func defaultHistoryPath() -> String? {
        if let path = getenv("ARBITER_HISTORY").map({ String(cString: $0) }) { return path.isEmpty ? nil : path }
        let state: String
        if let xdg = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), !xdg.isEmpty {
            state = xdg
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            state = home + "/.local/state"
        } else {
            return nil
        }
        var folder = ""
        for part in (state + "/arbiter").split(separator: "/") {
            folder += "/" + part
            mkdir(folder, 0o755)
        }
        return folder + "/history"
    }
}
