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
        if value < 10 {
            appendByte(0x30 + UInt8(value))
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
    /// - Complexity: O(digits); no allocation for values from 0.001 to 10¹⁵ (e.g. any length in
    ///   points), `description` for the rest.
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

    /// Writes `value` (non-integral, 0.001 ≤ |value| < 10¹⁵) with the fewest fraction digits `k`
    /// whose decimal `m / 10^k` reads back as `value` — the shortest round-trip form, since the
    /// integer part is fixed. Division of two exact doubles is correctly rounded, so `m / 10^k
    /// == value` is exactly the round-trip test a decimal parser would make.
    ///
    /// - Returns: `false` (writing nothing) if no such decimal has at most 17 significant digits.
    private mutating func appendShortFraction(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        var scale = 1.0
        for k in 1...20 {
            scale *= 10
            let scaled = magnitude * scale
            guard scaled < 9.0e15 else { return false }  // m must stay exact
            let m = scaled.rounded()
            guard m / scale == magnitude else { continue }
            let integer = UInt(m)
            var power: UInt = 1
            for _ in 0..<k { power *= 10 }
            if value < 0 { appendByte(0x2D) }
            appendDecimal(integer / power)
            appendByte(0x2E)
            // The fraction with its leading zeros, k digits.
            var fraction = integer % power
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
        return false
    }

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
