import BenchmarkSupport
import Foundation
import RowHeight
import TextMeasure

/// A million real English rows — `Tools/corpus/generate.py --rows 1000000 en`, generated once into
/// the temporary directory — measured as text at a width with the bundled fonts (17 pt).
struct RealRows: RowMeasuring {
    static let count = 1_000_000

    let measurer: TextMeasurer
    /// Every row's UTF-8 bytes, one after the other; row r is `bytes[starts[r] ..< starts[r + 1]]`.
    let bytes: [UInt8]
    let starts: [Int]

    func height(ofRow row: Int, width: Double) throws -> Double {
        try bytes.withUnsafeBufferPointer { all in
            try measurer.measure(utf8: UnsafeBufferPointer(rebasing: all[starts[row]..<starts[row + 1]]), width: width)
                .height
        }
    }

    /// The rows, loaded (and generated first when missing).
    static let shared: RealRows = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowheight-benchmarks-\(count)")
        let file = directory.appendingPathComponent("en.jsonl")
        if !FileManager.default.fileExists(atPath: file.path) {
            let generator = Process()
            generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            generator.arguments = [
                "python3", BenchmarkRows.repositoryRoot.appendingPathComponent("Tools/corpus/generate.py").path,
                "--rows", "\(count)", "--out", directory.path, "en",
            ]
            try! generator.run()
            generator.waitUntilExit()
            precondition(generator.terminationStatus == 0, "Tools/corpus/generate.py failed")
        }
        let data = try! Data(contentsOf: file)
        var bytes: [UInt8] = []
        var starts = [0]
        bytes.reserveCapacity(data.count)
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let object = try! JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
            bytes.append(contentsOf: (object["text"] as! String).utf8)
            starts.append(bytes.count)
        }
        precondition(starts.count == count + 1)
        return RealRows(
            measurer: try! TextMeasurer(style: try! TextStyle.bundled(fontSize: 17)), bytes: bytes, starts: starts)
    }()
}
