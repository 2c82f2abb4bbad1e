import Foundation
import Testing
@testable import RowHeightCLI

/// Every line `source` hands out, as text, with its line number.
private func lines(of source: InputSource, maxLines: Int = 3) throws -> [(Int, String)] {
    var result: [(Int, String)] = []
    var expectedIndex = 0
    while let batch = try source.nextBatch(maxLines: maxLines) {
        #expect(batch.index == expectedIndex)
        #expect(batch.count >= 1)
        expectedIndex += 1
        batch.forEachLine { line, number in
            result.append((number, String(decoding: line, as: UTF8.self)))
            return true
        }
    }
    #expect(try source.nextBatch(maxLines: maxLines) == nil)
    return result
}

private func lines(of text: String, blockSize: Int = 1 << 20, maxLines: Int = 3) throws -> [String] {
    let directory = try TemporaryDirectory()
    let source = try InputSource(path: try directory.file("input", text: text), blockSize: blockSize)
    let all = try lines(of: source, maxLines: maxLines)
    #expect(all.map(\.0) == (0..<all.count).map { $0 + 1 }, "line numbers run 1, 2, 3…")
    return all.map(\.1)
}

@Suite("InputSource")
struct InputSourceTests {
    @Test("Line endings: LF, CR LF, no final newline, trailing blank lines", arguments: [16, 17, 1 << 20])
    func lineEndings(blockSize: Int) throws {
        #expect(try lines(of: "", blockSize: blockSize) == [])
        #expect(try lines(of: "a", blockSize: blockSize) == ["a"])
        #expect(try lines(of: "a\n", blockSize: blockSize) == ["a"])
        #expect(try lines(of: "a\r\nb\r\n", blockSize: blockSize) == ["a", "b"])
        #expect(try lines(of: "a\nb", blockSize: blockSize) == ["a", "b"])
        #expect(try lines(of: "a\r", blockSize: blockSize) == ["a"])
        #expect(try lines(of: "a\n\n", blockSize: blockSize) == ["a"])
        #expect(try lines(of: "a\n\n \t\r\n\n", blockSize: blockSize) == ["a"])
        #expect(try lines(of: "\n\n\n", blockSize: blockSize) == [])
        // Blank lines before a non-blank one are kept (as empty lines), so numbers stay right.
        #expect(try lines(of: "a\n\n  \nb\n", blockSize: blockSize) == ["a", "", "", "b"])
        #expect(try lines(of: "\nb", blockSize: blockSize) == ["", "b"])
        #expect(try lines(of: "x\r\r\n", blockSize: blockSize) == ["x\r"])
    }

    @Test("Random line lengths, endings and block sizes give the lines a plain split gives")
    func randomInputs() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var text = ""
            var expected: [String] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let length = Int.random(in: 0...(Bool.random(using: &generator) ? 5 : 300), using: &generator)
                let line = String((0..<length).map { _ in "abcdé😀{}\" ".randomElement(using: &generator)! })
                text += line + (Bool.random(using: &generator) ? "\n" : "\r\n")
                expected.append(line)
            }
            if Bool.random(using: &generator), let last = expected.last, !last.isEmpty {
                // No final newline ("\r\n" is one Character: count scalars).
                text.unicodeScalars.removeLast(text.unicodeScalars.suffix(2).elementsEqual("\r\n".unicodeScalars) ? 2 : 1)
            }
            // Trailing blank lines are dropped; blank lines elsewhere are handed out empty.
            while let last = expected.last, last.allSatisfy({ $0 == " " }) { expected.removeLast() }
            expected = expected.map { $0.allSatisfy { $0 == " " } ? "" : $0 }
            let blockSize = Int.random(in: 16...64, using: &generator)
            let maxLines = Int.random(in: 1...7, using: &generator)
            let got = try lines(of: text, blockSize: blockSize, maxLines: maxLines)
            #expect(got == expected, "block \(blockSize), max \(maxLines): \(text.debugDescription) → \(got)")
        }
    }

    @Test("A line much longer than a block")
    func longLine() throws {
        let long = String(repeating: "0123456789", count: 30_000)
        #expect(try lines(of: "a\n\(long)\r\nb", blockSize: 64) == ["a", long, "b"])
    }

    @Test("forEachLine gives every line with its number, on the calling thread")
    func forEachLine() throws {
        let directory = try TemporaryDirectory()
        let source = try InputSource(path: try directory.file("x", text: "a\r\n\nc\n\n"), blockSize: 16)
        var seen: [String] = []
        try source.forEachLine { line, number in seen.append("\(number):\(String(decoding: line, as: UTF8.self))") }
        #expect(seen == ["1:a", "2:", "3:c"])
    }

    @Test("Missing files and directories are errors naming the path")
    func openErrors() throws {
        #expect(throws: InputError("/nonexistent/in.jsonl: no such file")) { try InputSource(path: "/nonexistent/in.jsonl") }
        let directory = try TemporaryDirectory()
        #expect(throws: InputError("\(directory.url.path): is a directory, not a file")) {
            try InputSource(path: directory.url.path)
        }
        let source = try InputSource(path: try directory.file("x", text: "abc"))
        #expect(source.size == 3)
        #expect(source.name.hasSuffix("/x"))
    }

    @Test("A pipe: lines come out as they arrive, before the writer closes it")
    func streamingPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let source = InputSource(fileDescriptor: fds[0], name: "<pipe>", ownsDescriptor: true)
        #expect(source.size == nil)
        let first = Array("{\"n\":1}\n{\"n\":2}\n{\"n\":".utf8)
        #expect(first.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == first.count)
        // The two complete lines are available now; the partial third one waits for more bytes.
        let batch = try #require(try source.nextBatch(maxLines: 100))
        #expect(batch.count == 2)
        let rest = Array("3}\n".utf8)
        #expect(rest.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == rest.count)
        close(fds[1])
        let last = try #require(try source.nextBatch(maxLines: 100))
        #expect(last.firstLine == 3)
        #expect(last.withLine(0) { String(decoding: $0, as: UTF8.self) } == "{\"n\":3}")
        #expect(try source.nextBatch(maxLines: 100) == nil)
        #expect(source.linesRead == 3)
        #expect(source.batchesRead == 2)
    }
}
