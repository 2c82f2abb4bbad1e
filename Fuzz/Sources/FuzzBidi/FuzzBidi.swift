import FuzzSupport
@_spi(Fuzzing) import TextMeasure

/// Fuzzes the hand-written UAX #9 resolver against fribidi: each input byte picks a scalar — its
/// high four bits a pool of one bidi type (L, R, AL, EN, AN, ES, ET, CS, NSM, BN, WS, brackets,
/// other neutrals and segment separators, and one pool of what the resolver leaves to fribidi:
/// embeddings, overrides, isolates, paragraph separators, marks), its low four bits a scalar of
/// the pool — and the text goes through `BidiDifferential.firstDifference(in:)`: every paragraph
/// with each base direction, then the whole text as Pango resolves it, and the pre-scan that
/// tells text with nothing right to left against the scalars' types
/// (`BidiDifferential.scanAgreesWithScalars(in:)`). Any difference traps.
@main
enum FuzzBidi {
    static let pools: [[UInt32]] = [
        [0x61, 0x62, 0x5A, 0xE9, 0x3A9, 0x416, 0x4E00, 0x1D400],  // L
        [0x63, 0x200E, 0x41, 0x7A],  // L, LRM
        [0x5D0, 0x5D1, 0x5EA, 0x200F, 0x7C0, 0x10800],  // R, RLM
        [0x628, 0x62A, 0x644, 0x627, 0x6CC, 0x61C, 0x710, 0xFEFB],  // AL, ALM
        [0x31, 0x32, 0x30, 0x39, 0xB2, 0x6F1, 0x2070],  // EN
        [0x661, 0x662, 0x660, 0x66B, 0x66C, 0x600, 0x10E60],  // AN
        [0x2B, 0x2D, 0x2212, 0xFB29, 0x207A],  // ES
        [0x23, 0x24, 0x25, 0xB0, 0xA2, 0x66A, 0x20AC, 0x2030],  // ET
        [0x2C, 0x2E, 0x2F, 0x3A, 0xA0, 0x60C, 0x202F, 0xFE50],  // CS
        [0x300, 0x301, 0x64B, 0x610, 0x5B0, 0x20D0, 0x1D167],  // NSM
        [0x200B, 0x200C, 0x200D, 0xAD, 0xFEFF, 0x7F, 0x1F],  // BN, S
        [0x20, 0x20, 0x2000, 0x3000, 0x0C, 0x2028],  // WS
        [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x2329, 0x232A, 0x3008, 0x3009, 0xFF08, 0xFF09, 0x2045, 0x2046],  // brackets
        [0x21, 0x22, 0x26, 0x2A, 0x3B, 0x3F, 0x40, 0x7E, 0xAB, 0xBB, 0x09, 0x0B, 0x1F],  // ON, S
        [0x28, 0x29, 0x20, 0x31, 0x628, 0x61],  // the common ones again
        [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x1C, 0x85, 0x2029, 0x0A, 0x0D],  // fribidi's
    ]

    static func main() {
        FuzzDriver.run { data, size in
            FuzzBidi.check(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
    }

    static func check(_ input: UnsafeBufferPointer<UInt8>) {
        var text = String.UnicodeScalarView()
        for byte in input {
            let pool = pools[Int(byte >> 4)]
            text.append(Unicode.Scalar(pool[Int(byte & 0x0F) % pool.count])!)
        }
        if let difference = BidiDifferential.firstDifference(in: String(text)) {
            fatalError("hand-written levels differ from fribidi's for \(String(text).debugDescription): \(difference)")
        }
        if !BidiDifferential.scanAgreesWithScalars(in: String(text)) {
            fatalError("the right-to-left pre-scan differs from the scalars' bidi types for \(String(text).debugDescription)")
        }
    }
}
