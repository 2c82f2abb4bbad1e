import Testing

@testable import RowHeightCLI

/// The fields of `record` as strings, or the error.
private func fields(_ record: [UInt8], separator: UInt8 = 0x2C) -> Result<[String], CSVRecordError> {
    var parser = CSVRecordParser(separator: separator)
    do throws(CSVRecordError) {
        return .success(
            try record.withUnsafeBufferPointer { (bytes) throws(CSVRecordError) -> [String] in
                try parser.parse(bytes)
                return (0..<parser.count).map { parser.string($0) }
            })
    } catch {
        return .failure(error)
    }
}

private func fields(_ record: String, separator: UInt8 = 0x2C) -> Result<[String], CSVRecordError> {
    fields(Array(record.utf8), separator: separator)
}

@Suite("CSVRecordParser")
struct CSVRecordParserTests {
    @Test("RFC 4180 fields: plain, quoted with separators, doubled quotes and newlines, empty")
    func quoting() {
        #expect(fields("a,b,c") == .success(["a", "b", "c"]))
        #expect(fields("") == .success([""]))
        #expect(fields(",") == .success(["", ""]))
        #expect(fields("a,,") == .success(["a", "", ""]))
        #expect(fields(#""Hello, world",2"#) == .success(["Hello, world", "2"]))
        #expect(fields(#""say ""hi""","""""#) == .success([#"say "hi""#, #"""#]))
        #expect(fields("\"line 1\nline 2\r\nline 3\",x") == .success(["line 1\nline 2\r\nline 3", "x"]))
        #expect(fields(#""""#) == .success([""]))
        #expect(fields(" a , b ") == .success([" a ", " b "]), "spaces are data")
        #expect(fields("é😀,日本") == .success(["é😀", "日本"]))
    }

    @Test("TSV: tabs separate, commas are data, quoting works the same")
    func tabs() {
        #expect(fields("a,b\tc", separator: 0x09) == .success(["a,b", "c"]))
        #expect(fields("\"a\tb\"\t\"\"\"\"", separator: 0x09) == .success(["a\tb", "\""]))
    }

    @Test("A quote inside a field that did not start with one is a literal quote (RFC 4180 leniency)")
    func quoteInUnquotedField() {
        #expect(fields(#"ab"c,d"#) == .success([#"ab"c"#, "d"]))
        #expect(fields(#"1,A 27" monitor,x"#) == .success(["1", #"A 27" monitor"#, "x"]))
        #expect(fields(#"5'11","#) == .success([#"5'11""#, ""]))
        #expect(fields("a\"b\tc", separator: 0x09) == .success([#"a"b"#, "c"]))
    }

    @Test("Malformed records are errors with the byte where it goes wrong")
    func errors() {
        #expect(fields(#""ab"c,d"#) == .failure(.textAfterClosingQuote(byte: 5)))
        #expect(fields(#"x,"abc"#) == .failure(.unterminatedQuote(byte: 3)))
        #expect(fields(#"x,"ab""c"#) == .failure(.unterminatedQuote(byte: 3)))
        #expect(fields([0x61, 0x2C, 0xC3, 0x28]) == .failure(.invalidUTF8(byte: 3)))
        #expect(fields([0x22, 0xED, 0xA0, 0x80, 0x22]) == .failure(.invalidUTF8(byte: 2)), "a surrogate is not UTF-8")
    }

    @Test("Random fields written the RFC 4180 way read back the same")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab ,\"\n\r\té😀")
        for _ in 0..<500 {
            let count = Int.random(in: 1...6, using: &generator)
            let original = (0..<count).map { _ in
                String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    })
            }
            let record = original.map { field in
                field.contains(where: { ",\"\n\r".contains($0) }) || Bool.random(using: &generator)
                    ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            }.joined(separator: ",")
            #expect(fields(record) == .success(original), "record \(record.debugDescription)")
        }
    }
}

@Suite("InputSource with CSV records")
struct InputSourceCSVTests {
    /// Every record of `text` with its first line's number, cut with the given block size.
    private func records(_ text: String, blockSize: Int, maxLines: Int = 2) throws -> [(Int, String)] {
        let directory = try TemporaryDirectory()
        let source = try InputSource(path: try directory.file("in.csv", text: text), blockSize: blockSize, format: .csv)
        var result: [(Int, String)] = []
        while let batch = try source.nextBatch(maxLines: maxLines) {
            batch.forEachLine { line, number in
                result.append((number, String(decoding: line, as: UTF8.self)))
                return true
            }
        }
        return result
    }

    @Test(
        "A newline inside quotes does not end a record; numbers are each record's first line",
        arguments: [16, 23, 1 << 20])
    func multiLineRecords(blockSize: Int) throws {
        let text = "h\n\"a\nb\nc\",1\r\nplain\n\"x \"\"q\"\"\n\"\n\nlast\n\n"
        let got = try records(text, blockSize: blockSize)
        #expect(got.map(\.0) == [1, 2, 5, 6, 9], "the empty line 8 is no record")
        #expect(got.map(\.1) == ["h", "\"a\nb\nc\",1", "plain", "\"x \"\"q\"\"\n\"", "last"])
    }

    @Test(
        "A quote inside an unquoted field does not open a quoted field: the records after it stay records",
        arguments: [16, 23, 1 << 20])
    func strayQuote(blockSize: Int) throws {
        let text = "id,name\n1,A 27\" monitor\n2,\"B, \"\"quoted\"\"\"\n3,x\"\"y\n4,\"a\"b\"\n5,z\n"
        let got = try records(text, blockSize: blockSize)
        #expect(got.map(\.0) == [1, 2, 3, 4, 5, 6])
        #expect(got[1].1 == "1,A 27\" monitor")
        #expect(got[4].1 == "4,\"a\"b\"")
        #expect(got[5].1 == "5,z")
    }

    @Test("Empty lines between records are skipped, line numbers stay right", arguments: [16, 1 << 20])
    func blankLines(blockSize: Int) throws {
        let got = try records("text\n\na\n\r\n\nb\n", blockSize: blockSize)
        #expect(got.map(\.0) == [1, 3, 6])
        #expect(got.map(\.1) == ["text", "a", "b"])
    }

    @Test("A UTF-8 byte order mark before the header is dropped", arguments: [16, 1 << 20])
    func byteOrderMark(blockSize: Int) throws {
        let got = try records("\u{FEFF}text\na\n", blockSize: blockSize)
        #expect(got.map(\.1) == ["text", "a"])
    }

    @Test("Spaces and tabs are data in CSV, not blank lines")
    func whitespaceRecords() throws {
        #expect(try records("a\n \n\t\n", blockSize: 1 << 20).map(\.1) == ["a", " ", "\t"])
    }

    @Test("The header is taken first and does not count as a batch")
    func header() throws {
        let directory = try TemporaryDirectory()
        let source = try InputSource(path: try directory.file("in.csv", text: "\"a\nb\",c\nx,y\n"), format: .csv)
        let header = try #require(try source.firstRecord())
        #expect(String(decoding: header.bytes, as: UTF8.self) == "\"a\nb\",c")
        #expect(header.line == 1)
        let batch = try #require(try source.nextBatch(maxLines: 10))
        #expect(batch.index == 0)
        #expect(batch.firstLine == 3)
    }
}
