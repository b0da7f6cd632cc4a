import CodableResilience
import Foundation
import Testing

// A value the app sets on a converted property is written back in the JSON type it arrived as
// only when it reads back as the same value, and with its own digits.

private struct One<Value: Codable>: Codable {
  @DecodeConvertingType var value: Value
}

private func decoder(_ handler: UnknownValueHandler? = nil) -> JSONDecoder {
  let decoder = JSONDecoder()
  if let handler { decoder.unknownValueHandler = handler }
  return decoder
}

private func member(_ value: String) -> Data {
  Data(#"{"value": \#(value)}"#.utf8)
}

private func text(_ value: some Encodable) throws -> String {
  String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

struct ConversionWriteBackTests {
  @Test(arguments: [
    "12.50", "+7", "-0", "1e2", "007", "0.1000000000000000000000000000000000000001", "7.",
  ])
  func aStringSetByTheAppIsWrittenAsANumberOnlyWhenItReadsBackTheSame(_ set: String) throws {
    var named = try decoder().decode(One<String>.self, from: member("42"))
    named.value = set
    let written = try text(named)
    #expect(written == #"{"value":\#(jsonQuotedForTest(set))}"#)
    #expect(try decoder().decode(One<String>.self, from: Data(written.utf8)).value == set)
  }

  @Test(arguments: ["7", "-7", "12.5", "9007199254740993", "0.000001", "18446744073709551616"])
  func aStringSetByTheAppThatIsANumbersOwnTextIsWrittenAsANumber(_ set: String) throws {
    var named = try decoder().decode(One<String>.self, from: member("42"))
    named.value = set
    let written = try text(named)
    #expect(written == #"{"value":\#(set)}"#)
    #expect(try decoder().decode(One<String>.self, from: Data(written.utf8)).value == set)
  }

  @Test func aFloatSetByTheAppIsWrittenWithItsOwnDigits() throws {
    var price = try decoder().decode(One<Float>.self, from: member(#""0.5""#))
    price.value = 0.1
    #expect(try text(price) == #"{"value":"0.1"}"#)
    price.value = 3
    #expect(try text(price) == #"{"value":"3"}"#)
    price.value = 1e-7
    let written = try text(price)
    #expect(try decoder().decode(One<Float>.self, from: Data(written.utf8)).value == 1e-7)
    #expect(written == #"{"value":"1e-07"}"#)
  }
}

private func jsonQuotedForTest(_ text: String) -> String {
  "\"" + text + "\""
}
