import LineBreak
import TextMeasure

/// Turns one input record — `{"text": …}`, or the text column of a CSV/TSV row — into
/// `{"breaks":[…],"mandatory":[…]}` for `rowheight breaks --input`: the state of one pipeline
/// worker (its record reader and scratch array).
///
/// Offsets count Unicode scalars: `k` is listed when a line may break between scalar `k − 1` and
/// scalar `k`, so for a non-empty text the last offset is its scalar count; `mandatory` lists the
/// offsets where the break is mandatory (after BK, CR, LF, NL; CR LF once).
struct BreaksRecordEncoder {
    private var fields: RecordFields
    private var mandatory: [Int] = []
    /// Whether the text is Pango markup (its breaks are those of the text it holds).
    private let markup: Bool

    /// An encoder of records laid out as `layout` says (its first field is the text, Pango
    /// markup if `markup`); reuse it for every line.
    init(layout: RecordLayout = RecordLayout(jsonFields: ["text"]), markup: Bool = false) {
        fields = RecordFields(layout: layout)
        self.markup = markup
        mandatory.reserveCapacity(64)
    }

    /// Appends the record for `line` to `output`.
    ///
    /// - Throws: `RecordFailure` if the record is bad (not a JSON object with a string text, a
    ///   CSV row with another column count than the header).
    /// - Complexity: O(length of the line); no allocation once warmed up.
    mutating func encode(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        try fields.read(line, lineNumber: lineNumber)
        var offsets = mandatory
        mandatory = []
        defer { mandatory = offsets }
        if markup {
            var text: String
            do throws(MarkupError) {
                text = try AttributedText(markup: fields.withField(0) { String(decoding: $0, as: UTF8.self) }).string
            } catch {
                throw RecordFailure(line: lineNumber, message: error.description)
            }
            text.withUTF8 { BreaksRecordEncoder.appendRecord(utf8: $0, scratch: &offsets, to: &output) }
            return
        }
        fields.withField(0) { BreaksRecordEncoder.appendRecord(utf8: $0, scratch: &offsets, to: &output) }
    }

    /// Appends `{"breaks":[…],"mandatory":[…]}` and a newline for the UTF-8 text `utf8`.
    ///
    /// - Parameter scratch: reused storage for the mandatory offsets.
    static func appendRecord(utf8: UnsafeBufferPointer<UInt8>, scratch: inout [Int], to output: inout OutputBuffer) {
        scratch.removeAll(keepingCapacity: true)
        output.append("{\"breaks\":[")
        var scalars = 0
        var byte = 0
        var first = true
        for opportunity in LineBreakIterator(utf8: utf8) {
            // Scalars are the bytes that are not continuation bytes (10xxxxxx).
            let base = utf8.baseAddress!
            while byte < opportunity.offset {
                scalars &+= base[byte] & 0xC0 != 0x80 ? 1 : 0
                byte &+= 1
            }
            if !first { output.appendByte(0x2C) }
            first = false
            output.append(scalars)
            if opportunity.isMandatory { scratch.append(scalars) }
        }
        output.append("],\"mandatory\":[")
        for (k, offset) in scratch.enumerated() {
            if k > 0 { output.appendByte(0x2C) }
            output.append(offset)
        }
        output.append("]}\n")
    }
}
