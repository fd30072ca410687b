import ArbiterScenario
#if canImport(Glibc)
import Glibc
#endif

/// Where `replay --svg PATH` puts its pictures: PATH itself for one scenario, PATH/NAME.svg for several.
struct TimelinePictures {
    let path: String
    let isFolder: Bool

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String, count: Int) throws {
        self.path = path
        isFolder = count > 1
        if isFolder {
            var info = stat()
            if stat(path, &info) != 0 {
                guard mkdir(path, 0o755) == 0 else {
                    throw Failure(description: "cannot make the folder \(path) for the pictures (\(String(cString: strerror(errno)))); expected a writable path")
                }
            } else if info.st_mode & S_IFMT != S_IFDIR {
                throw Failure(description: "--svg \(path) is a file, but there are \(count) scenarios; expected a folder for their pictures")
            }
        }
    }

    /// Draws the report's picture; a one-line error if it cannot be written.
    func draw(_ report: ScenarioReport, from file: String) -> String? {
        guard let picture = TimelinePicture(report: report) else { return nil }
        let name = String(file.split(separator: "/").last ?? "scenario").replacingOccurrences(of: ".yaml", with: "")
        let target = isFolder ? "\(path)/\(name).svg" : path
        do {
            try ScenarioWriter.write(TimelineSVG.render(picture), to: target)
            return nil
        } catch {
            return "\(file): error: cannot write the picture \(target) (\(error)); expected a writable path"
        }
    }
}
