extension OutputBuffer {
    /// Appends an integer in decimal.
    ///
    /// - Complexity: O(digits), no allocation.
    mutating func append(_ value: Int) {
        if value < 0 {
            appendByte(0x2D)
            appendDecimal(value.magnitude)
        } else {
            appendDecimal(UInt(value))
        }
    }

    /// Appends an unsigned integer in decimal.
    mutating func appendDecimal(_ value: UInt) {
        // Small values (most offsets and counts) byte by byte.
        if value < 10 {
            appendByte(0x30 + UInt8(value))
            return
        }
        if value < 100 {
            appendByte(0x30 + UInt8(value / 10))
            appendByte(0x30 + UInt8(value % 10))
            return
        }
        if value < 1000 {
            appendByte(0x30 + UInt8(value / 100))
            appendByte(0x30 + UInt8(value / 10 % 10))
            appendByte(0x30 + UInt8(value % 10))
            return
        }
        // Up to 20 digits, written backwards into a stack buffer.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var v = value
            var at = buffer.count
            while v > 0 {
                at -= 1
                buffer[at] = 0x30 + UInt8(v % 10)
                v /= 10
            }
            append(bytes: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[at...]))
        }
    }

    /// Appends a number the way Swift's `description` writes it — the shortest decimal that
    /// reads back as the same `Double` — except that integral values have no fraction (`20`, not
    /// `20.0`) and −0 is `0`. Non-finite values (not representable in JSON) are written `null`.
    ///
    /// - Complexity: O(digits); one division and no allocation for values from 0.001 to 10¹⁵
    ///   with up to 16 significant digits (any length in points), `description` for the rest.
    mutating func append(_ value: Double) {
        guard value.isFinite else {
            append("null")
            return
        }
        let magnitude = value.magnitude
        if magnitude == 0 {
            appendByte(0x30)
            return
        }
        if magnitude < 1e15 && magnitude >= 1e-3 {
            let whole = magnitude.rounded(.towardZero)
            if whole == magnitude {
                if value < 0 { appendByte(0x2D) }
                appendDecimal(UInt(whole))
                return
            }
            if appendShortFraction(value) { return }
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// Writes `value` (non-integral, 0.001 ≤ |value| < 10¹⁵) as the shortest decimal that reads
    /// back as `value`, if that decimal has at most about 16 significant digits.
    ///
    /// Takes the most fraction digits `k` for which decimals `m / 10^k` are spaced wider than
    /// `value`'s ulp and `m` stays exact: then at most one such decimal reads back as `value`, and
    /// `m` — `value × 10^k` rounded — is it if `m / 10^k == value` (a correctly rounded division
    /// of exact doubles: the very test a decimal parser makes). Any shorter decimal that reads
    /// back as `value` would be that one with its trailing zeros dropped, so dropping them gives
    /// the shortest. One division in all.
    ///
    /// - Returns: `false` (writing nothing) if no such decimal exists (17 digits are needed).
    private mutating func appendShortFraction(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        let ulp = magnitude.ulp
        var k = 18
        while k > 0 && (magnitude * OutputBuffer.powersOfTen[k] >= 9.0e15 || OutputBuffer.powersOfTen[k] * ulp >= 1) {
            k -= 1
        }
        guard k > 0 else { return false }
        let scale = OutputBuffer.powersOfTen[k]
        let scaled = magnitude * scale
        // m = scaled rounded half up; the subtraction is exact below 2^53.
        var m = UInt64(scaled)
        if scaled - Double(m) >= 0.5 { m += 1 }
        guard Double(m) / scale == magnitude else { return false }
        while k > 0 && m % 10 == 0 {
            m /= 10
            k -= 1
        }
        guard k > 0 else { return false }
        var power: UInt64 = 1
        for _ in 0..<k { power *= 10 }
        if value < 0 { appendByte(0x2D) }
        appendDecimal(UInt(m / power))
        appendByte(0x2E)
        // The fraction with its leading zeros, k digits.
        var fraction = m % power
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            for at in stride(from: k - 1, through: 0, by: -1) {
                buffer[at] = 0x30 + UInt8(fraction % 10)
                fraction /= 10
            }
            append(bytes: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<k]))
        }
        return true
    }

    /// 10⁰ … 10²², all exact in a `Double`.
    private static let powersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

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
