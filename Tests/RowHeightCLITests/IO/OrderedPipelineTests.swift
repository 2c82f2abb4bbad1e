import Foundation
import Synchronization
import Testing
@testable import RowHeightCLI

/// A worker's state in these tests: counts the lines it saw.
private struct Counter {
    var lines = 0
}

/// The transform used here: `<line number>:<line>` — or a failure for lines that say "bad",
/// after some busy work that varies from line to line so batches finish out of order.
private let echo: OrderedPipeline<Counter>.Process = { line, lineNumber, state, output throws(RecordFailure) in
    state.lines += 1
    var spin = UInt64(lineNumber)
    for _ in 0..<((lineNumber * 7919) % 13) * 200 { spin = spin &* 6364136223846793005 &+ 1 }
    if spin == 42 { output.append("!") }  // keeps the loop
    if line.starts(with: Array("bad".utf8)) { throw RecordFailure(line: lineNumber, message: "bad record") }
    output.append(lineNumber)
    output.appendByte(0x3A)
    output.append(bytes: line)
    output.appendByte(0x0A)
}

/// Runs the pipeline over `text` and returns what it wrote and its summary or error.
private func run(
    _ text: String, jobs: Int, batchLines: Int = 7, skipInvalid: Bool = false,
    makeState: @escaping @Sendable () throws -> Counter = { Counter() }
) throws -> (output: String, result: Result<OrderedPipeline<Counter>.Summary, any Error>) {
    let directory = try TemporaryDirectory()
    let source = try InputSource(path: try directory.file("in", text: text), blockSize: 256)
    let outputPath = directory.url.appendingPathComponent("out").path
    let result: Result<OrderedPipeline<Counter>.Summary, any Error>
    do {
        let writer = try OutputWriter(path: outputPath, blockSize: 100)
        result = Result {
            try OrderedPipeline<Counter>(jobs: jobs, batchLines: batchLines).run(
                source: source, output: writer, skipInvalid: skipInvalid, makeState: makeState, process: echo)
        }
    }
    return (try String(contentsOfFile: outputPath, encoding: .utf8), result)
}

@Suite("OrderedPipeline")
struct OrderedPipelineTests {
    static let lines = (1...5000).map { "line \($0) " + String(repeating: "x", count: $0 % 17) }

    @Test("Output is in input order for 1 to 4 jobs", arguments: [1, 2, 3, 4])
    func order(jobs: Int) throws {
        let (output, result) = try run(Self.lines.joined(separator: "\n"), jobs: jobs)
        let expected = Self.lines.enumerated().map { "\($0.offset + 1):\($0.element)\n" }.joined()
        #expect(output == expected)
        #expect(try result.get() == .init(records: 5000, invalid: 0))
    }

    @Test("Empty input writes nothing", arguments: [1, 3])
    func empty(jobs: Int) throws {
        let (output, result) = try run("", jobs: jobs)
        #expect(output == "")
        #expect(try result.get() == .init(records: 0, invalid: 0))
    }

    @Test("A bad record: everything before it is written, then its error", arguments: [1, 2, 3, 4])
    func stopsAtFirstBadRecord(jobs: Int) throws {
        var lines = Self.lines
        lines[2999] = "bad one"
        lines[4000] = "bad later"
        let (output, result) = try run(lines.joined(separator: "\n"), jobs: jobs)
        let expected = lines.prefix(2999).enumerated().map { "\($0.offset + 1):\($0.element)\n" }.joined()
        #expect(output == expected)
        #expect(throws: InputError.self) { try result.get() }
        if case .failure(let error as InputError) = result {
            #expect(error.description.hasSuffix("/in:3000: bad record"))
        }
    }

    @Test("The first line bad, the last line bad", arguments: [1, 2])
    func badEdges(jobs: Int) throws {
        let first = try run("bad\nfine", jobs: jobs)
        #expect(first.output == "")
        #expect((try? first.result.get()) == nil)
        let last = try run("fine\nbad", jobs: jobs)
        #expect(last.output == "1:fine\n")
        if case .failure(let error as InputError) = last.result {
            #expect(error.description.hasSuffix(":2: bad record"))
        } else {
            Issue.record("expected an InputError")
        }
    }

    @Test("Skipping bad records: the rest is written in order and the bad ones counted", arguments: [1, 2, 4])
    func skipInvalid(jobs: Int) throws {
        var lines = Self.lines
        let bad = [0, 6, 7, 1000, 2047, 4999]
        for k in bad { lines[k] = "bad \(k)" }
        let (output, result) = try run(lines.joined(separator: "\n"), jobs: jobs, skipInvalid: true)
        let expected = lines.enumerated().filter { !bad.contains($0.offset) }.map { "\($0.offset + 1):\($0.element)\n" }.joined()
        #expect(output == expected)
        #expect(try result.get() == .init(records: 5000 - bad.count, invalid: bad.count))
    }

    @Test("Each worker makes its own state once", arguments: [1, 2, 4])
    func statePerWorker(jobs: Int) throws {
        let made = Atomic<Int>(0)
        let (_, result) = try run(Self.lines.joined(separator: "\n"), jobs: jobs) {
            made.add(1, ordering: .relaxed)
            return Counter()
        }
        #expect(try result.get().records == 5000)
        #expect(made.load(ordering: .relaxed) == jobs)
    }

    @Test("A state that cannot be made fails the run with its error", arguments: [1, 2])
    func stateFailure(jobs: Int) throws {
        struct NoFont: Error, Equatable {}
        let (output, result) = try run("a\nb", jobs: jobs) { throw NoFont() }
        #expect(output == "")
        #expect(throws: NoFont()) { try result.get() }
    }

    @Test("Output starts before the input ends: a pipe in, a pipe out", arguments: [1, 2])
    func streams(jobs: Int) throws {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        let source = InputSource(fileDescriptor: input[0], name: "<pipe>", ownsDescriptor: true)
        let writerFD = output[1]
        let done = DispatchSemaphore(value: 0)
        let summary = Mutex<OrderedPipeline<Counter>.Summary?>(nil)
        Thread {
            let writer = OutputWriter(fd: writerFD)
            let result = try? OrderedPipeline<Counter>(jobs: jobs).run(
                source: source, output: writer, skipInvalid: false, makeState: { Counter() }, process: echo)
            summary.withLock { $0 = result }
            close(writerFD)
            done.signal()
        }.start()
        let first = Array("a\nb\n".utf8)
        #expect(first.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) } == first.count)
        // Read the first two records while the input is still open (5 s at most).
        var received: [UInt8] = []
        var pollSet = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
        while received.count < 8 && poll(&pollSet, 1, 5000) > 0 {
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, 64) }
            guard n > 0 else { break }
            received += chunk.prefix(n)
        }
        #expect(String(decoding: received, as: UTF8.self) == "1:a\n2:b\n")
        let rest = Array("c\n".utf8)
        #expect(rest.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) } == rest.count)
        close(input[1])
        done.wait()
        var tail = [UInt8](repeating: 0, count: 64)
        let n = tail.withUnsafeMutableBytes { read(output[0], $0.baseAddress, 64) }
        #expect(String(decoding: tail.prefix(max(0, n)), as: UTF8.self) == "3:c\n")
        close(output[0])
        #expect(summary.withLock { $0 } == .init(records: 3, invalid: 0))
    }

    @Test("A bad record in a stream that stays open is reported without waiting for more input")
    func errorOnOpenStream() throws {
        var input: [Int32] = [0, 0]
        #expect(pipe(&input) == 0)
        let source = InputSource(fileDescriptor: input[0], name: "<pipe>", ownsDescriptor: true)
        let directory = try TemporaryDirectory()
        let outputPath = directory.url.appendingPathComponent("out").path
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<String?>(nil)
        Thread {
            let message: String
            do {
                let writer = try OutputWriter(path: outputPath)
                _ = try OrderedPipeline<Counter>(jobs: 2).run(
                    source: source, output: writer, skipInvalid: false, makeState: { Counter() }, process: echo)
                message = "no error"
            } catch {
                message = "\(error)"
            }
            outcome.withLock { $0 = message }
            done.signal()
        }.start()
        let lines = Array("ok\nbad\n".utf8)
        #expect(lines.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) } == lines.count)
        // The input stays open; the run must still end, with the error, within a few seconds.
        #expect(done.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(outcome.withLock { $0 } == "<pipe>:2: bad record")
        #expect(try String(contentsOfFile: outputPath, encoding: .utf8) == "1:ok\n")
        close(input[1])
    }
}
