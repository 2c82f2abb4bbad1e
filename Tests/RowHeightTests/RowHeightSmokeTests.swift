import Testing
@testable import RowHeight
@Test func builds() { #expect(Bool(true)) }
