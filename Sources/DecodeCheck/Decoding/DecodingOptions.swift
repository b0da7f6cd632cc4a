import CodableResilience
import Foundation

/// What a team's `JSONDecoder` is set to, for the checker's own readers: the key strategy
/// that ``JSONScanner/locate(_:keys:)`` maps back to the payload's keys, and the strategies
/// ``LocatingDecoder`` decodes with, so both read a payload as the app does.
///
/// The app's unknown-value handler is not among them: the locating decode runs to find where
/// a failure is, and an app's `.strict` handler would stop it at the first unknown value
/// instead (and `.report { … }` would send the app's analytics from CI).
struct DecodingOptions {
  /// A copy of the app's decoder that ignores unknown values, which nothing else uses.
  var decoder: JSONDecoder
  var keys: KeyConversion
  var dates: JSONDecoder.DateDecodingStrategy
  var data: JSONDecoder.DataDecodingStrategy
  var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy
  var userInfo: [CodingUserInfoKey: Any]

  /// The options of a plain `JSONDecoder()`.
  static var plain: DecodingOptions { DecodingOptions(JSONDecoder()) }

  /// The options of `appDecoder`, which is read and left as it is.
  init(_ appDecoder: JSONDecoder) {
    let decoder = appDecoder.configuredCopy(handler: .ignore)
    self.decoder = decoder
    keys = KeyConversion(decoder)
    dates = decoder.dateDecodingStrategy
    data = decoder.dataDecodingStrategy
    nonConformingFloats = decoder.nonConformingFloatDecodingStrategy
    userInfo = decoder.userInfo
  }
}

/// How an app's decoder turns a key of the payload (`accepted_methods`) into the coding key a
/// model asks for (`acceptedMethods`); asked in reverse, it finds the payload's own key for a
/// decoded one, per object.
final class KeyConversion {
  private let strategy: JSONDecoder.KeyDecodingStrategy
  /// The decoder, to ask how it converts a key; `nil` when it leaves keys as they are.
  private let decoder: JSONDecoder?
  /// Keys already converted, as the same keys recur in every element of an array.
  private var converted: [String: String] = [:]

  init(_ decoder: JSONDecoder) {
    strategy = decoder.keyDecodingStrategy
    if case .useDefaultKeys = strategy {
      self.decoder = nil
    } else {
      // A copy with only the key strategy, so no `userInfo` handler or date strategy of the
      // app runs while a single key is converted.
      let copy = JSONDecoder()
      copy.keyDecodingStrategy = strategy
      self.decoder = copy
    }
  }

  /// Whether keys are used as they are.
  var isIdentity: Bool { decoder == nil }

  /// The coding key the app's decoder makes of `payloadKey` in the object at `codingPath`.
  func codingKey(for payloadKey: String, at codingPath: [UnknownValue.PathComponent]) -> String {
    switch strategy {
    case .useDefaultKeys:
      return payloadKey
    case .custom(let convert):
      return convert(codingPath + [.key(payloadKey)]).stringValue
    default:
      if let known = converted[payloadKey] { return known }
      let key = convertByDecoding(payloadKey)
      converted[payloadKey] = key
      return key
    }
  }

  /// The key the payload most likely spells `codingKey` with, for naming a missing key: its
  /// snake-case form when the decoder converts that back to `codingKey`, otherwise `nil`.
  func payloadKey(for codingKey: String, at codingPath: [UnknownValue.PathComponent]) -> String? {
    guard !isIdentity else { return codingKey }
    var snakeCase = ""
    for character in codingKey {
      if character.isUppercase, !snakeCase.isEmpty, snakeCase.last != "_" { snakeCase += "_" }
      snakeCase += character.lowercased()
    }
    return self.codingKey(for: snakeCase, at: codingPath) == codingKey ? snakeCase : nil
  }

  /// Lets the decoder itself convert a key, by decoding a one-key object and reading the key
  /// it asks for: the conversion is then exactly Foundation's, for every strategy it has.
  private func convertByDecoding(_ payloadKey: String) -> String {
    guard let decoder, let object = try? JSONEncoder().encode([payloadKey: 0]),
      let probe = try? decoder.decode(KeyProbe.self, from: object)
    else { return payloadKey }
    return probe.key ?? payloadKey
  }

  /// Reads the one key of an object, as the decoder presents it.
  private struct KeyProbe: Decodable {
    var key: String?
    init(from decoder: any Decoder) throws {
      key = try decoder.container(keyedBy: UnknownValue.PathComponent.self).allKeys.first?
        .stringValue
    }
  }
}
