import CodableResilience
import Foundation
import Testing

// Conversions at the edges of what a number type holds: a string converts to a number only when
// a plain property reads the same number, to the same value; a number converts to a `String`
// only when its decimal text is exact.

private struct One<Value: Codable>: Codable {
  @DecodeConvertingType var value: Value
}

private struct PlainOne<Value: Codable>: Codable {
  var value: Value
}

private func decoder(_ handler: UnknownValueHandler? = nil) -> JSONDecoder {
  let decoder = JSONDecoder()
  if let handler { decoder.unknownValueHandler = handler }
  return decoder
}

private func member(_ value: String) -> Data {
  Data(#"{"value": \#(value)}"#.utf8)
}

/// A number sent as a string, for a property of `type`.
struct QuotedNumber: Sendable, CustomTestStringConvertible {
  let type: String
  let number: String
  var testDescription: String { "\(type) \"\(number)\"" }
}

/// Numbers at the edges of `Double` and `Float`: below their least magnitude (which a plain
/// property refuses), subnormal, and zeros.
let quotedEdgeNumbers: [QuotedNumber] =
  ["1e-400", "2e-324", "3e-324", "1e-310", "0e-400", "0.0e5", "-0", "1e-999999"].map {
    QuotedNumber(type: "Double", number: $0)
  }
  + ["1e-46", "1e-45", "1e-40", "1e-50", "0e-99", "3.40282356e38"].map {
    QuotedNumber(type: "Float", number: $0)
  }
  + ["1e-300", "1e-130", "-0"].map { QuotedNumber(type: "Decimal", number: $0) }

/// The number a plain property reads (or the error it throws), and what the converting one
/// reads from the same number as a string: equal values, or both throw.
private func readings<Value: Codable & Equatable>(
  _: Value.Type, _ number: String
) -> (plain: Value?, converted: Value?) {
  let plain = try? decoder().decode(PlainOne<Value>.self, from: member(number)).value
  let converted = try? decoder().decode(One<Value>.self, from: member("\"\(number)\"")).value
  return (plain, converted)
}

struct ConversionExactnessTests {
  @Test(arguments: quotedEdgeNumbers)
  func aStringConvertsOnlyToTheValueAPlainPropertyReadsFromTheNumber(_ quoted: QuotedNumber) {
    switch quoted.type {
    case "Double":
      let read = readings(Double.self, quoted.number)
      #expect(read.converted == read.plain)
      #expect(read.converted?.sign == read.plain?.sign)
    case "Float":
      let read = readings(Float.self, quoted.number)
      #expect(read.converted == read.plain)
    default:
      let read = readings(Decimal.self, quoted.number)
      #expect(read.converted == read.plain)
    }
  }

  @Test(arguments: ["1e200", "1.7976931348623157e308", "1e-400"])
  func aNumberWithNoExactDecimalTextThrowsAsPlainForAString(_ number: String) throws {
    let plain = #expect(throws: DecodingError.self) {
      try decoder().decode(PlainOne<String>.self, from: member(number))
    }
    let collector = UnknownValueCollector()
    let converting = #expect(throws: DecodingError.self) {
      try decoder(.collect(into: collector)).decode(One<String>.self, from: member(number))
    }
    #expect(
      String(describing: try #require(converting)) == String(describing: try #require(plain)))
    #expect(collector.values.isEmpty)
  }

  @Test func aNumberTooSmallForADoubleIsNoZeroForABool() throws {
    #expect(throws: DecodingError.self) {
      try decoder().decode(One<Bool>.self, from: member("1e-400"))
    }
    #expect(try decoder().decode(One<Bool>.self, from: member("0")).value == false)
    let plist = try PropertyListEncoder().encode(PlainOne(value: 0))
    let flag = try PropertyListDecoder().decode(One<Bool>.self, from: plist)
    #expect(flag.value == false && flag.$value.convertedFrom == .number)
  }
}
