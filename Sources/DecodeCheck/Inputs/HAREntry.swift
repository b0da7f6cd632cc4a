/// One entry of a HAR archive, with only what a check needs.
struct HAREntry: Sendable {
  /// The entry's number in the archive, from 1.
  var number: Int
  var method: String?
  var url: String?
  var status: Int?
  var mimeType: String?
  var encoding: String?
  /// `response.content.text` as the archive holds it, still JSON-escaped; `nil` when absent.
  var escapedText: [UInt8]?
  /// Whether ``escapedText`` holds a backslash.
  var textHasEscapes = false
}
