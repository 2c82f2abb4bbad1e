import Foundation
import Testing

@testable import LineBreak

@Suite("Generated line-break automaton")
struct LineBreakAutomatonGenerationTests {
    /// Sources/LineBreak/Generated/LineBreakAutomatonData.swift in this checkout.
    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LineBreak/Generated/LineBreakAutomatonData.swift")

    @Test("The committed automaton is the one the rules build (set ROWHEIGHT_REGENERATE_AUTOMATON=1 to rewrite it)")
    func generatedDataMatchesRules() throws {
        let expected = LineBreakStateMachine.builtFromRules().generatedSource()
        if ProcessInfo.processInfo.environment["ROWHEIGHT_REGENERATE_AUTOMATON"] == "1" {
            try expected.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(committed == expected, "run Sources/LineBreak/Generated/generate-automaton.sh")
    }

    @Test("The shared automaton reads the same tables as a fresh build")
    func sharedEqualsBuilt() {
        let built = LineBreakStateMachine.builtFromRules()
        let shared = LineBreakStateMachine.shared
        #expect(shared.stateCount == built.stateCount)
        #expect(shared.letterRow == built.letterRow)
        let count = built.stateCount * LineBreakTables.codeCount
        #expect((0..<count).allSatisfy { shared.transitions[$0] == built.transitions[$0] })
        #expect((0..<built.stateCount).allSatisfy { shared.mandatoryAtEnd[$0] == built.mandatoryAtEnd[$0] })
    }

    @Test("base64 round trip through the tables' decoder")
    func base64RoundTrip() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
            let text = Array(LineBreakStateMachine.base64(bytes).utf8)
            #expect(text.withUnsafeBufferPointer { LineBreakTables.decodeBase64(utf8: $0) } == bytes)
        }
    }

    /// Random bytes of every length up to 200, encoded by Foundation (with its padding), with line
    /// breaks and other white space put in anywhere (inside groups of four too, which the decoder
    /// then takes one character at a time): the bytes again, as Foundation decodes them.
    @Test("The tables' base64 decoder decodes what Foundation encodes, with characters outside the alphabet anywhere")
    func base64AgainstFoundation() {
        var generator = SplitMix64(seed: 0xB64)
        for length in 0...200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var text = Array(Data(bytes).base64EncodedString().utf8)
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let noise: [UInt8] = [0x0A, 0x0D, 0x20, 0x09]  // ("=" would end Foundation's decoding)
                text.insert(noise[Int.random(in: 0..<noise.count, using: &generator)], at: Int.random(in: 0...text.count, using: &generator))
            }
            let expected = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
            let decoded = text.withUnsafeBufferPointer { LineBreakTables.decodeBase64(utf8: $0) }
            #expect(decoded == bytes, "length \(length)")
            if let expected { #expect(decoded == expected, "length \(length)") }
        }
    }
}
