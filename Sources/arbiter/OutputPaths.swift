import Foundation

/// The files a command writes besides its output (`--junit`, `--trace`, `--html`, `--svg`, `--sarif`), checked before
/// anything is replayed: none may be one of the scenario files or another output, be a folder, or be in a folder that
/// does not exist. A report's path mistyped must not cost a scenario or another report, nor the whole run's time.
enum OutputPaths {
    /// The first problem with `outputs` (each an option and its path), or nil. `folders` are options whose path is a
    /// folder (`--svg` with several files), which may exist or be made.
    static func problem(_ outputs: [(option: String, path: String?)], inputs: [String], folders: Set<String> = [])
        -> String?
    {
        let inputs = Set(inputs.map(Self.absolute))
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            guard let path else { continue }
            let full = absolute(path)
            if inputs.contains(full) {
                return "\(option) \(path) is one of the scenario files; expected a new file for the output"
            }
            if let other = seen[full] {
                return "\(option) \(path) is also \(other)'s path; expected a file of its own for each output"
            }
            seen[full] = option
            guard !folders.contains(option) else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                return "\(option) \(path) is a folder; expected a file to write"
            }
            let parent = (full as NSString).deletingLastPathComponent
            if !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue {
                return "\(option) \(path): the folder \(parent) does not exist; expected a path in an existing folder"
            }
        }
        return nil
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }
}
