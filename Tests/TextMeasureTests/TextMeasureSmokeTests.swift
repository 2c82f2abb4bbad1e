import Testing
@testable import TextMeasure
@Test func builds() { #expect(Bool(true)) }
