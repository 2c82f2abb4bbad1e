extension OutputBuffer {
    /// The most bytes `formatNumber` writes (`-1.7976931348623157e+308` is 24).
    static var maxNumberLength: Int { 32 }

    /// Appends an integer in decimal.
    ///
    /// - Complexity: O(digits), no allocation.
    mutating func append(_ value: Int) {
        appendFormatted(maxCount: 24) { OutputBuffer.formatInteger(value, into: $0) }
    }

    /// Appends an unsigned integer in decimal.
    mutating func appendDecimal(_ value: UInt) {
        appendFormatted(maxCount: 24) { OutputBuffer.formatDecimal(UInt64(value), into: $0) }
    }

    /// Appends a number the way Swift's `description` writes it — the shortest decimal that
    /// reads back as the same `Double` — except that integral values have no fraction (`20`, not
    /// `20.0`) and −0 is `0`. Non-finite values (not representable in JSON) are written `null`.
    ///
    /// - Complexity: O(digits); one division and no allocation for values from 0.001 to 10¹⁵
    ///   with up to 16 significant digits (any length in points), `description` for the rest.
    mutating func append(_ value: Double) {
        appendFormatted(maxCount: OutputBuffer.maxNumberLength) { OutputBuffer.formatNumber(value, into: $0) }
    }

    /// Appends the bytes `body` writes to scratch memory of `maxCount` bytes (on the stack),
    /// returning how many it wrote: one append for a whole number or record.
    @inline(__always)
    mutating func appendFormatted(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { scratch in
            let count = body(scratch.baseAddress!)
            append(bytes: UnsafeBufferPointer(start: scratch.baseAddress!, count: count))
        }
    }

    /// Writes the bytes of `text` at `out`; returns their number.
    @inline(__always)
    static func copy(_ text: StaticString, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// Writes `value` in decimal at `out` (at most 20 bytes); returns the number of bytes.
    static func formatInteger(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return formatDecimal(UInt64(value), into: out) }
        out[0] = 0x2D
        return 1 + formatDecimal(UInt64(value.magnitude), into: out + 1)
    }

    /// Writes `value` in decimal at `out` (at most 20 bytes); returns the number of bytes.
    static func formatDecimal(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {  // line counts, mostly
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        let count = decimalDigitCount(value)
        writeDigits(value, count: count, endingAt: out + count)
        return count
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        // ⌊bits × log₁₀ 2⌋ digits at least, one more if the value reaches the next power of ten.
        let atLeast = ((64 - value.leadingZeroBitCount) &* 1233) &>> 12
        return atLeast + (atLeast == 0 || atLeast < 20 && value >= integerPowersOfTen[atLeast] ? 1 : 0)
    }

    /// Writes the last `count` decimal digits of `value` (with leading zeros) just before `end`,
    /// two at a time.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var v = value
        var at = end
        var left = count
        while left >= 2 {
            let pair = Int(v % 100) &* 2
            v /= 100
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair + 1]
            left -= 2
        }
        if left == 1 { (at - 1).pointee = 0x30 + UInt8(truncatingIfNeeded: v % 10) }
    }

    /// "00" "01" … "99".
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// 10⁰ … 10¹⁹ (a literal: initialized statically, read without a lazy-initialisation check).
    private static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// Writes `value` as `append(_: Double)` describes at `out` (at most `maxNumberLength`
    /// bytes); returns the number of bytes.
    static func formatNumber(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else { return copy("null", into: out) }
        let magnitude = value.magnitude
        if magnitude == 0 {
            out[0] = 0x30
            return 1
        }
        if magnitude < 1e15 && magnitude >= 1e-3 {
            let whole = magnitude.rounded(.towardZero)
            if whole == magnitude {
                guard value < 0 else { return formatDecimal(UInt64(whole), into: out) }
                out[0] = 0x2D
                return 1 + formatDecimal(UInt64(whole), into: out + 1)
            }
            var count = formatDyadicFraction(value, whole: whole, into: out)
            if count > 0 { return count }
            count = formatShortFraction(value, into: out)
            if count > 0 { return count }
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text.withUTF8 { utf8 in
            let count = min(utf8.count, maxNumberLength)
            out.update(from: utf8.baseAddress!, count: count)
            return count
        }
    }

    /// Writes `value` (non-integral, 0.001 ≤ |value| < 10¹⁵, whole part `whole`) at `out` when
    /// it is a short binary fraction — `n / 2^s` with s ≤ 20, written exactly in at most 15
    /// significant digits — which most widths are (sums of font units × size / units per em,
    /// or whole Pango units). Returns the number of bytes, or 0 (writing nothing) otherwise.
    ///
    /// Such a value's exact decimal has s fraction digits, `fraction × 2^s × 5^s` after the
    /// point, and is what `formatShortFraction` writes for it: with `w` digits before the point
    /// and s ≤ 15 − w, decimals of s digits are spaced wider than the ulp and
    /// `value × 10^k` is exact for the k it picks (k ≥ 15 − w), so `m` is this decimal followed
    /// by zeros. It only gets there without the division and the search.
    static func formatDyadicFraction(_ value: Double, whole: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let scaled = (value.magnitude - whole) * 1_048_576  // both steps exact
        guard scaled == scaled.rounded(.towardZero) else { return 0 }
        var numerator = UInt64(scaled)
        let zeros = numerator.trailingZeroBitCount
        numerator &>>= UInt64(zeros)
        let bits = 20 - zeros
        let wholeDigits = whole >= 1 ? decimalDigitCount(UInt64(whole)) : 0
        guard bits <= 15 - wholeDigits else { return 0 }
        var at = 0
        if value < 0 {
            out[0] = 0x2D
            at = 1
        }
        if wholeDigits == 0 {
            out[at] = 0x30
            at += 1
        } else {
            writeDigits(UInt64(whole), count: wholeDigits, endingAt: out + at + wholeDigits)
            at += wholeDigits
        }
        out[at] = 0x2E
        writeDigits(numerator * powersOfFive[bits], count: bits, endingAt: out + at + 1 + bits)
        return at + 1 + bits
    }

    /// 5⁰ … 5¹⁵ (a literal, like `integerPowersOfTen`).
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3_125, 15_625, 78_125, 390_625, 1_953_125, 9_765_625, 48_828_125, 244_140_625,
        1_220_703_125, 6_103_515_625, 30_517_578_125,
    ]

    /// Writes `value` (non-integral, 0.001 ≤ |value| < 10¹⁵) at `out` as the shortest decimal
    /// that reads back as `value`, if that decimal has at most about 16 significant digits.
    ///
    /// Takes the most fraction digits `k` for which decimals `m / 10^k` are spaced wider than
    /// `value`'s ulp and `m` stays exact: then at most one such decimal reads back as `value`, and
    /// `m` — `value × 10^k` rounded — is it if `m / 10^k == value` (a correctly rounded division
    /// of exact doubles: the very test a decimal parser makes). Any shorter decimal that reads
    /// back as `value` would be that one with its trailing zeros dropped, so dropping them gives
    /// the shortest. One division in all.
    ///
    /// - Returns: the number of bytes written, or 0 (writing nothing) if no such decimal exists
    ///   (17 digits are needed).
    static func formatShortFraction(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        let ulp = magnitude.ulp
        // Both conditions below grow with k, so any start at or above the answer finds it. The
        // ulp is 2^(exponent − 52): 10^k × ulp < 1 needs k < (52 − exponent) × log₁₀ 2.
        var k = min(18, Int(Double(52 - Int(magnitude.exponent)) * 0.30103) + 1)
        while k > 0 && (magnitude * powerOfTen(k) >= 9.0e15 || powerOfTen(k) * ulp >= 1) {
            k -= 1
        }
        guard k > 0 else { return 0 }
        let scale = powerOfTen(k)
        let scaled = magnitude * scale
        // m = scaled rounded half up; the subtraction is exact below 2^53.
        var m = UInt64(scaled)
        if scaled - Double(m) >= 0.5 { m += 1 }
        guard Double(m) / scale == magnitude else { return 0 }
        while k > 0 && m % 10 == 0 {
            m /= 10
            k -= 1
        }
        guard k > 0 else { return 0 }
        // The digits of m with the point k digits from the right (with leading zeros: 0.00x).
        let digits = decimalDigitCount(m)
        var at = 0
        if value < 0 {
            out[0] = 0x2D
            at = 1
        }
        if digits <= k {
            out[at] = 0x30
            out[at + 1] = 0x2E
            for zero in (at + 2)..<(at + 2 + k - digits) { out[zero] = 0x30 }
            writeDigits(m, count: digits, endingAt: out + at + 2 + k)
            return at + 2 + k
        }
        // All digits one place to the right, then the whole part back over the point's place.
        writeDigits(m, count: digits, endingAt: out + at + digits + 1)
        for whole in at..<(at + digits - k) { out[whole] = out[whole + 1] }
        out[at + digits - k] = 0x2E
        return at + digits + 1
    }

    /// 10^k for 0 ≤ k ≤ 22, exact in a `Double`.
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double { powersOfTen[k] }

    /// 10⁰ … 10²², all exact in a `Double` (a literal, like `integerPowersOfTen`).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// Appends `value` rounded to at most `fractionDigits` digits after the point, trailing zeros
    /// removed (`19.7891`, `20`). Non-finite values are written `null`.
    mutating func append(_ value: Double, fractionDigits: Int) {
        guard value.isFinite else {
            append("null")
            return
        }
        var scale = 1.0
        for _ in 0..<max(0, min(fractionDigits, 15)) { scale *= 10 }
        append((value * scale).rounded() / scale)
    }
}
