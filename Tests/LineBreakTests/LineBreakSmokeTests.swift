import Testing
@testable import LineBreak
@Test func builds() { #expect(Bool(true)) }
