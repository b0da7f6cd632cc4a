/// The values generated for a type and format when the spec gives no `enum`, `const` or
/// example: valid for the format, and chosen to show what models get wrong.
///
/// A `number` is `1.5`, not `1`, so a model that reads it as an `Int` fails; a `date-time` is
/// RFC 3339 (`2024-05-01T12:00:00Z`), and its variants add fractional seconds and an offset,
/// which RFC 3339 allows and many date strategies refuse: a `DateFormatter` with a fixed
/// format, and `.iso8601` where it is `ISO8601DateFormatter`'s (Apple's older Foundation
/// refuses fractional seconds). The swift-foundation `.iso8601` this package builds with
/// accepts both, so a model using it decodes the variants.
enum FormatSamples {
  /// A string of `format`, within the lengths given.
  static func string(format: String?, minLength: Int?, maxLength: Int?) -> String {
    if let sample = sample(ofFormat: format) { return sample }
    // A plain string (or one of a format without a sample) is shaped to its lengths.
    var text = "text"
    if let minLength, text.count < minLength {
      text += String(repeating: "x", count: min(minLength, 10_000) - text.count)
    }
    if let maxLength, text.count > maxLength {
      text = String(text.prefix(maxLength))
    }
    return text
  }

  /// A valid string of a format the spec names, or `nil` for a format without one.
  private static func sample(ofFormat format: String?) -> String? {
    switch format {
    case "date-time": "2024-05-01T12:00:00Z"
    case "date": "2024-05-01"
    case "time": "12:00:00Z"
    case "duration": "P3D"
    case "uri", "url", "iri": "https://example.com/hearth"
    case "uri-reference", "iri-reference": "/hearth/1"
    case "uuid": "3f2c8e4a-6b1d-4c7e-9a5f-0d8b2e6c4a19"
    case "email", "idn-email": "guest@example.com"
    case "hostname", "idn-hostname": "example.com"
    case "ipv4": "192.0.2.1"
    case "ipv6": "2001:db8::1"
    case "byte": "aGVhcnRo"
    default: nil
    }
  }

  /// More values of a string `format` that the format allows and models often refuse.
  static func stringVariants(format: String?) -> [(value: String, description: String)] {
    switch format {
    case "date-time":
      [
        ("2024-05-01T12:00:00.250Z", "a date-time with fractional seconds"),
        ("2024-05-01T14:00:00+02:00", "a date-time with a UTC offset"),
      ]
    default:
      []
    }
  }

  /// A number within the bounds that is not a whole number where the bounds leave room: a
  /// quarter past the middle of a closed range, 1.5 past the lower bound (1.5 below the upper
  /// one), or 1.5 itself without bounds.
  static func number(minimum: NumberBound?, maximum: NumberBound?) -> String {
    let value: Double
    switch (minimum?.value, maximum?.value) {
    case (let low?, let high?):
      value = low + (high - low) / 2 + (high - low >= 1 ? 0.25 : 0)
    case (let low?, nil): value = low + 1.5
    case (nil, let high?): value = high - 1.5
    case (nil, nil): value = 1.5
    }
    return text(of: value)
  }

  /// A whole number within the bounds: the lowest allowed, else the highest, else 1.
  static func integer(minimum: NumberBound?, maximum: NumberBound?) -> String {
    if let low = lowestInteger(minimum) { return text(of: low) }
    if let high = highestInteger(maximum) { return text(of: high) }
    return "1"
  }

  /// The values at the edges of what an integer may be: the bounds, or the range of its
  /// format (`int32`, `int64`) without them.
  static func integerVariants(format: String?, minimum: NumberBound?, maximum: NumberBound?)
    -> [(value: String, description: String)]
  {
    let formatRange = format.flatMap { integerFormatRanges[$0] }
    var variants: [(String, String)] = []
    if let low = lowestInteger(minimum) {
      variants.append((text(of: low), "the lowest integer the spec allows"))
    } else if let format, let formatRange {
      variants.append((formatRange.lowest, "the lowest \(format)"))
    }
    if let high = highestInteger(maximum) {
      variants.append((text(of: high), "the highest integer the spec allows"))
    } else if let format, let formatRange {
      variants.append((formatRange.highest, "the highest \(format)"))
    }
    return variants
  }

  /// The range of each integer format, as JSON text (too wide for a `Double` to hold exactly).
  private static let integerFormatRanges = [
    "int32": (lowest: "-2147483648", highest: "2147483647"),
    "int64": (lowest: "-9223372036854775808", highest: "9223372036854775807"),
  ]

  /// The bounds of a number, when the spec gives them.
  static func numberVariants(minimum: NumberBound?, maximum: NumberBound?)
    -> [(value: String, description: String)]
  {
    var variants: [(String, String)] = []
    if let minimum, !minimum.isExclusive {
      variants.append((minimum.text, "the lowest number the spec allows"))
    }
    if let maximum, !maximum.isExclusive {
      variants.append((maximum.text, "the highest number the spec allows"))
    }
    return variants
  }

  private static func lowestInteger(_ bound: NumberBound?) -> Double? {
    guard let bound else { return nil }
    let ceiling = bound.value.rounded(.up)
    return bound.isExclusive && ceiling == bound.value ? ceiling + 1 : ceiling
  }

  private static func highestInteger(_ bound: NumberBound?) -> Double? {
    guard let bound else { return nil }
    let floor = bound.value.rounded(.down)
    return bound.isExclusive && floor == bound.value ? floor - 1 : floor
  }

  /// A number as JSON text: whole numbers without a fraction, others as Swift prints them.
  static func text(of value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
