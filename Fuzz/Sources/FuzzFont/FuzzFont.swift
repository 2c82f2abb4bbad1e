import Foundation
import FuzzSupport
import TextMeasure

/// Fuzzes font loading and measuring with mutated real fonts. An input is a recipe, so seeds
/// stay small and every mutation lands in a real font's tables:
///
/// - byte 0: the font (DejaVu Sans, Noto Sans, Noto Sans Arabic, IPAexGothic, from
///   `fonts/` and `/usr/share/fonts/truetype/noto/`);
/// - byte 1: profile (bit 0), char wrapping (bit 1), size (bits 2–4);
/// - byte 2: length n of the text, then n bytes of text (made valid UTF-8);
/// - then 7-byte patches: kind, table, a 24-bit offset and a 16-bit value. Kinds: write a 16-bit
///   value in the table; write a byte; shorten the table (its directory length); write a 16-bit
///   value in the table's directory record (its offset or length); cut the file short.
///
/// The mutated font is written to a temporary file and loaded; a `FontError` is fine. A font
/// that loads is measured at a few widths in its profile: every height must be finite and ≥ 0.
@main
enum FuzzFont {
    static let fonts: [[UInt8]] = {
        let directory = BundledFonts.directory ?? "fonts"
        let paths = [
            directory + "/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
            directory + "/ipaexg.ttf",
        ]
        return paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing font \(path)") }
            return [UInt8](data)
        }
    }()
    static let path = FileManager.default.temporaryDirectory.path + "/rowheight-fuzz-font-\(getpid()).ttf"
    static let sizes: [Double] = [17, 1, 0.01, 13, 24, 100, 1000, TextStyle.maximumFontSize]
    static let widths: [Double] = [0.1, 40, 280, 1e7]

    static func main() {
        _ = fonts
        FuzzDriver.run { data, size in
            FuzzFont.check(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
    }

    static func check(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count >= 3 else { return }
        // IPAexGothic is 6 MB: one input in eight, to keep the rate up.
        let choice = Int(input[0])
        var font = fonts[choice % 8 == 7 ? 3 : choice % 3]
        let flags = input[1]
        let textLength = min(Int(input[2]), input.count - 3)
        var text = String(decoding: UnsafeBufferPointer(rebasing: input[3..<3 + textLength]), as: UTF8.self)
        if text.isEmpty { text = "Hello, World! AVAWAY fi ffi 12:30 — مرحبا بالعالم 日本語" }
        var p = 3 + textLength
        while p + 7 <= input.count {
            patch(&font, kind: input[p], table: Int(input[p + 1]),
                  offset: Int(input[p + 2]) << 16 | Int(input[p + 3]) << 8 | Int(input[p + 4]),
                  value: UInt16(input[p + 5]) << 8 | UInt16(input[p + 6]))
            p += 7
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(font)) else { fatalError("cannot write \(path)") }
        let loaded: Font
        do {
            loaded = try Font(path: path)
        } catch {
            require(!error.description.isEmpty, "a font error without a description")
            return
        }
        let size = sizes[Int(flags >> 2) & 7]
        let metrics = loaded.metrics(size: size)
        require(metrics.lineHeight.isFinite && metrics.lineHeight >= 0, "line height \(metrics.lineHeight)")
        let style = TextStyle(
            fontChain: try! FontChain([loaded]), fontSize: size,
            lineBreakMode: flags & 2 == 0 ? .byWordWrapping : .byCharWrapping,
            profile: flags & 1 == 0 ? .uikit : .pango)
        guard let measurer = try? TextMeasurer(style: style) else { fatalError("a valid style was refused") }
        let prepared = measurer.prepare(text)
        for width in widths {
            guard let direct = try? measurer.measure(text, width: width),
                let rewrapped = try? prepared.measure(width: width)
            else { fatalError("a valid width was refused") }
            for result in [direct, rewrapped] {
                require(result.height.isFinite && result.height >= 0, "height \(result.height) at width \(width)")
                require(result.maxLineWidth.isFinite && result.maxLineWidth >= 0, "line width \(result.maxLineWidth)")
                require(result.lineCount >= 0, "line count \(result.lineCount)")
            }
        }
    }

    /// Applies one patch to the font file's bytes (see the type's description).
    static func patch(_ font: inout [UInt8], kind: UInt8, table: Int, offset: Int, value: UInt16) {
        func u32(_ o: Int) -> Int {
            o + 4 <= font.count ? Int(font[o]) << 24 | Int(font[o + 1]) << 16 | Int(font[o + 2]) << 8 | Int(font[o + 3]) : 0
        }
        guard font.count >= 12 else { return }
        let tableCount = Int(font[4]) << 8 | Int(font[5])
        guard tableCount > 0 else { return }
        let record = 12 + 16 * (table % tableCount)
        guard record + 16 <= font.count else { return }
        let start = u32(record + 8)
        let length = u32(record + 12)
        switch kind % 5 {
        case 0, 1:
            guard length > 0 else { return }
            let o = start + offset % length
            guard o + 2 <= font.count else { return }
            if kind % 5 == 0 { font[o] = UInt8(value >> 8) }
            font[o + (kind % 5 == 0 ? 1 : 0)] = UInt8(truncatingIfNeeded: value)
        case 2:
            let shorter = length == 0 ? 0 : offset % length
            for k in 0..<4 { font[record + 12 + k] = UInt8(truncatingIfNeeded: shorter >> (24 - 8 * k)) }
        case 3:
            let o = record + 8 + 2 * (offset % 4)
            font[o] = UInt8(value >> 8)
            font[o + 1] = UInt8(truncatingIfNeeded: value)
        default:
            font.removeLast(font.count - max(12, font.count - 1 - offset % font.count))
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
