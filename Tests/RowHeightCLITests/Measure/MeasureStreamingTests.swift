import Foundation
import Testing

@Suite("rowheight measure streams, end to end")
struct MeasureStreamingTests {
    @Test("CSV in through a pipe: the header and the first row come out before the input ends", arguments: [1, 2])
    func csvStream(jobs: Int) throws {
        let executable = try #require(RowHeightExecutable.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "measure", "--input", "-", "--input-format", "csv", "--format", "csv", "--width", "100", "--jobs",
            "\(jobs)",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("id,text\n1,\"two\nlines\"\n".utf8))
        // Read until the first row is there, while stdin stays open (10 s at most).
        let expected = "lines_100,height_100\n2,40\n"
        var received = Data()
        let deadline = Date().addingTimeInterval(10)
        while received.count < expected.utf8.count && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        #expect(String(decoding: received, as: UTF8.self) == expected)
        #expect(process.isRunning, "the input is still open")
        input.fileHandleForWriting.write(Data("2,one\n".utf8))
        try input.fileHandleForWriting.close()
        received = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: received, as: UTF8.self) == "1,20\n")
        #expect(process.terminationStatus == 0)
    }
}
