import Foundation

/// A WAV file of a quiet tone, for programs to play into a private graph (`pw-play`, `paplay`).
public enum ToneFile {
    /// Writes `seconds` of a 16-bit stereo sine at 48 kHz, at about -32 dB, to `path`; false if it cannot.
    @discardableResult
    public static func write(seconds: Double, to path: String, frequency: Double = 440) -> Bool {
        let rate = 48000
        let frames = Int(Double(rate) * seconds)
        var data = Data()
        func add<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        add(UInt32(36 + frames * 4))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        add(UInt32(16))
        add(UInt16(1))
        add(UInt16(2))
        add(UInt32(rate))
        add(UInt32(rate * 4))
        add(UInt16(4))
        add(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        add(UInt32(frames * 4))
        for frame in 0..<frames {
            let sample = Int16(800 * sin(Double(frame) * 2 * Double.pi * frequency / Double(rate)))
            add(sample)
            add(sample)
        }
        return FileManager.default.createFile(atPath: path, contents: data)
    }
}
