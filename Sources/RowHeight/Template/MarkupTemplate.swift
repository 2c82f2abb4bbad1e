/// The literal of a markup text node: Pango markup in which `{name}` stands for the row's
/// field `name` (letters, digits, `_`, `-`, `.`), put in as plain text — its `&`, `<`, `>`, `"`
/// and `'` written as entities — so that a row's value never opens a tag. Any other brace is
/// text; write `&#123;` for a literal `{` before a name.
///
/// `<b>{author}</b> {message}` is a bold name then the message, whatever the message holds.
struct MarkupTemplate: Sendable, Hashable {
    /// Markup (UTF-8) or a placeholder's field name.
    enum Part: Sendable, Hashable {
        case markup([UInt8])
        case field(String)
    }

    /// The literal split at its placeholders, in order.
    let parts: [Part]

    /// Splits `literal` at its `{name}` placeholders.
    ///
    /// - Complexity: O(n) in the literal's UTF-8 length.
    init(_ literal: String) {
        let bytes = Array(literal.utf8)
        var parts: [Part] = []
        var markup: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{"), let close = Self.placeholderEnd(bytes, from: i + 1) {
                if !markup.isEmpty { parts.append(.markup(markup)) }
                markup = []
                parts.append(.field(String(decoding: bytes[(i + 1)..<close], as: UTF8.self)))
                i = close + 1
            } else {
                markup.append(bytes[i])
                i += 1
            }
        }
        if !markup.isEmpty { parts.append(.markup(markup)) }
        self.parts = parts
    }

    /// The names of the fields it reads, in order of use (repeated as used).
    var fieldNames: [String] {
        parts.compactMap { if case .field(let name) = $0 { name } else { nil } }
    }

    /// Appends `value` to `output` as markup that reads back as `value`.
    static func appendEscaped(_ value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for byte in value {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&apos;".utf8)
            default: output.append(byte)
            }
        }
    }

    /// The index of the `}` closing a placeholder name that starts at `start`, or nil.
    private static func placeholderEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "}") { return i > start ? i : nil }
            let isNameByte =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isNameByte else { return nil }
            i += 1
        }
        return nil
    }
}
