import Testing
@testable import TextMeasure

/// Everything a measurer asks of a chain, for a list of scalars, folded into comparable values.
private func lookups(_ chain: FontChain, _ scalars: [Unicode.Scalar]) -> [Int64] {
    var results: [Int64] = []
    results.reserveCapacity(scalars.count)
    var previous = ResolvedGlyph(fontIndex: -1, glyph: 0, advance: 0)
    for scalar in scalars {
        let resolved = chain.resolve(scalar)
        let font = chain.fonts[resolved.fontIndex]
        let kern = previous.fontIndex == resolved.fontIndex ? font.kerning(previous.glyph, resolved.glyph) : 0
        let glyph = font.glyph(for: scalar)
        results.append(
            Int64(resolved.fontIndex) << 56 ^ Int64(resolved.glyph) << 32 ^ Int64(resolved.advance) << 12
                ^ Int64(kern) ^ Int64(font.advance(of: glyph)) << 40)
        previous = resolved
    }
    return results
}

@Suite("Fonts used from many threads at once")
struct FontConcurrencyTests {
    @Test("Many tasks resolving, advancing and kerning at once agree with one sequential pass")
    func concurrentLookups() async throws {
        let chain = try FontChain.bundled()
        let text = "AVATAR Wave, Tokyo 東京タワー、ありがとう。 To be or not to be 𠮟る \u{E000}\u{10FFFF}"
        let scalars = Array(text.unicodeScalars) + (0..<0x1_0000).compactMap { Unicode.Scalar(UInt32($0)) }
        let expected = lookups(chain, scalars)
        let results = await withTaskGroup(of: [Int64].self) { group in
            for _ in 0..<16 { group.addTask { lookups(chain, scalars) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("Fonts load concurrently, and FreeType calls through the locked face interleave safely")
    func concurrentLoadingAndFreeTypeCalls() async throws {
        let path = try BundledFontPaths.dejaVuSans()
        let reference = try Font(path: path)
        let a = reference.glyph(for: "A"), v = reference.glyph(for: "V")
        let expected = reference.kerning(a, v)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<12 {
                group.addTask {
                    // Half the tasks load their own copy; the other half share one face and its lock.
                    guard let font = task.isMultiple(of: 2) ? try? Font(path: path) : reference else { return false }
                    var ok = font.glyph(for: "A") == a && font.metrics(size: 17) == reference.metrics(size: 17)
                    for _ in 0..<500 { ok = ok && reference.freeTypeKerning(a, v) == expected }
                    return ok
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 12)
        #expect(outcomes.allSatisfy { $0 })
    }
}
