import Foundation

// The exact decimal text of numbers, to tell whether a `Decimal` and a `Double` are one number
// when the double's shortest text rounds it (2^64 is written 18446744073709552000).

/// A decimal's text without trailing zeros after its point: `2.50` as `2.5`, `7.0` as `7`.
func plainText(of value: Decimal) -> Substring {
  var text = Substring(value.description)
  guard text.contains(".") else { return text }
  while text.last == "0" {
    text.removeLast()
  }
  if text.last == "." {
    text.removeLast()
  }
  return text
}

/// Every digit of a finite double's exact value, as ``plainText(of:)`` writes a decimal.
func exactText(of double: Double) -> String {
  // The magnitude is `significand × 2^exponent`, with an integral significand: its digits
  // times 2^exponent, or times 5^-exponent with -exponent digits after the point.
  let magnitude = double.magnitude
  var significand = magnitude.significandBitPattern
  var exponent = -1074
  if magnitude.exponentBitPattern > 0 {
    significand |= 1 << 52
    exponent = Int(magnitude.exponentBitPattern) - 1075
  }
  var digits = significand.description.utf8.reversed().map { $0 - UInt8(ascii: "0") }
  let factor: UInt8 = exponent > 0 ? 2 : 5
  for _ in 0..<exponent.magnitude {
    var carry: UInt8 = 0
    for index in digits.indices {
      let product = digits[index] * factor + carry
      digits[index] = product % 10
      carry = product / 10
    }
    if carry > 0 {
      digits.append(carry)
    }
  }
  let fractionCount = max(0, -exponent)
  while digits.count <= fractionCount {
    digits.append(0)
  }
  let whole = digits[fractionCount...].reversed().drop { $0 == 0 }
  let fraction = digits[..<fractionCount].drop { $0 == 0 }.reversed()
  var text = double.sign == .minus ? "-" : ""
  text +=
    whole.isEmpty ? "0" : String(decoding: whole.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  if !fraction.isEmpty {
    text += "." + String(decoding: fraction.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }
  return text
}

/// Whether `text` is a number in JSON's grammar (RFC 8259): `-7`, `7.0`, `1e2`; not `+7`,
/// `07`, ` 7`, `.5`, `7.` or `0x7`.
func isJSONNumber(_ text: String) -> Bool {
  var bytes = text.utf8[...]
  func digits() -> Int {
    let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    bytes = bytes.dropFirst(count)
    return count
  }
  if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
  let leadingZero = bytes.first == UInt8(ascii: "0")
  let whole = digits()
  guard whole > 0, !leadingZero || whole == 1 else { return false }
  if bytes.first == UInt8(ascii: ".") {
    bytes = bytes.dropFirst()
    guard digits() > 0 else { return false }
  }
  if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
    bytes = bytes.dropFirst()
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
    }
    guard digits() > 0 else { return false }
  }
  return bytes.isEmpty
}
