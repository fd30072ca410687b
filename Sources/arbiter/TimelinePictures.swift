import ArbiterScenario
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where `replay --svg PATH` puts its pictures: PATH itself for one scenario, PATH/NAME.svg for several (files of
/// the same name in different folders get their folders in the name, `android-ducking-NAME.svg`, so that none is
/// drawn over another).
struct TimelinePictures {
    let path: String
    let isFolder: Bool
    /// Each file's picture name, without `.svg`.
    let names: [String: String]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String, files: [String]) throws {
        self.path = path
        let count = files.count
        isFolder = count > 1
        names = Self.names(files)
        if isFolder {
            var info = stat()
            if stat(path, &info) != 0 {
                guard mkdir(path, 0o755) == 0 else {
                    throw Failure(
                        description:
                            "cannot make the folder \(path) for the pictures (\(String(cString: strerror(errno)))); expected a writable path"
                    )
                }
            } else if info.st_mode & S_IFMT != S_IFDIR {
                throw Failure(
                    description:
                        "--svg \(path) is a file, but there are \(count) scenarios; expected a folder for their pictures"
                )
            }
        }
    }

    /// Draws the report's picture; a one-line error if it cannot be written. A cross-platform file's run (`tag`
    /// `[ios]`) gets NAME-ios.svg.
    func draw(_ report: ScenarioReport, from file: String, tag: String? = nil) -> String? {
        guard let picture = TimelinePicture(report: report) else { return nil }
        return write(TimelineSVG.render(picture), from: file, tag: tag)
    }

    /// Draws an Android replay's picture (`AndroidTimelineSVG`); a one-line error if it cannot be written.
    func draw(_ report: AndroidScenarioReport, from file: String, tag: String? = nil) -> String? {
        guard let svg = AndroidTimelineSVG.render(report) else { return nil }
        return write(svg, from: file, tag: tag)
    }

    /// Draws a HarmonyOS replay's picture (`HarmonyTimelineSVG`); a one-line error if it cannot be written.
    func draw(_ report: HarmonyScenarioReport, from file: String, tag: String? = nil) -> String? {
        guard let svg = HarmonyTimelineSVG.render(report) else { return nil }
        return write(svg, from: file, tag: tag)
    }

    /// A picture's name for each file: its own name, or where two files share it, its path from the folder they
    /// differ in, with dashes.
    static func names(_ files: [String]) -> [String: String] {
        let byStem = Dictionary(grouping: files, by: stem)
        var names: [String: String] = [:]
        for (name, group) in byStem {
            guard group.count > 1 else {
                names[group[0]] = name
                continue
            }
            let parts = group.map { $0.split(separator: "/").map(String.init) }
            let shared = zip(parts.dropFirst(), parts).map { a, b in zip(a, b).prefix { $0 == $1 }.count }.min() ?? 0
            for (file, path) in zip(group, parts) {
                names[file] = ([String](path.dropFirst(shared).dropLast()) + [name]).joined(separator: "-")
            }
        }
        return names
    }

    /// A file's name without its folder and `.yaml`.
    static func stem(_ file: String) -> String {
        String(file.split(separator: "/").last ?? "scenario").replacingOccurrences(of: ".yaml", with: "")
            .replacingOccurrences(of: ".yml", with: "")
    }

    /// Writes one picture where `--svg` says, named for `file` (and the platform of a cross-platform run).
    func write(_ svg: String, from file: String, tag: String?) -> String? {
        let platform = tag.map { "-" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } ?? ""
        let name = names[file] ?? Self.stem(file)
        let target =
            isFolder
            ? "\(path)/\(name)\(platform).svg"
            : platform.isEmpty ? path : path.replacingOccurrences(of: ".svg", with: "") + "\(platform).svg"
        do {
            try ScenarioWriter.write(svg, to: target)
            return nil
        } catch {
            return "\(file): error: cannot write the picture \(target) (\(error)); expected a writable path"
        }
    }
}
