import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// An app model that the app decodes with `.convertFromSnakeCase`, ISO 8601 dates, Base64
/// data, "NaN" for a float and a `userInfo` entry: every strategy `decode-check` must honour.
private struct Shipment: Decodable, Equatable {
  var trackingNumber: String
  var shippedAt: Date
  var acceptedMethods: [Amenity]
  var signature: Data
  var weightKilograms: Double
  var carrier: String

  enum CodingKeys: String, CodingKey {
    case trackingNumber, shippedAt, acceptedMethods, signature, weightKilograms, carrier
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    trackingNumber = try container.decode(String.self, forKey: .trackingNumber)
    shippedAt = try container.decode(Date.self, forKey: .shippedAt)
    acceptedMethods = try container.decode([Amenity].self, forKey: .acceptedMethods)
    signature = try container.decode(Data.self, forKey: .signature)
    weightKilograms = try container.decode(Double.self, forKey: .weightKilograms)
    // The app tells its models which carrier it serves through `userInfo`.
    guard let carrier = decoder.userInfo[.carrier] as? String else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no carrier"))
    }
    self.carrier = carrier
  }
}

extension CodingUserInfoKey {
  fileprivate static let carrier = CodingUserInfoKey(rawValue: "carrier")!
}

/// The decoder the app uses for `Shipment`.
@Sendable private func makeShipmentDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  decoder.dateDecodingStrategy = .iso8601
  decoder.dataDecodingStrategy = .base64
  decoder.nonConformingFloatDecodingStrategy = .convertFromString(
    positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
  decoder.userInfo[.carrier] = "parcel-post"
  return decoder
}

/// A payload as the backend sends it, in snake case; `methods` fills `accepted_methods`.
private func shipmentPayload(methods: String = #""wifi", "pool""#, weight: String = #""NaN""#)
  -> Data
{
  Data(
    """
    {
      "tracking_number": "TN-1",
      "shipped_at": "2026-11-23T10:00:00Z",
      "accepted_methods": [\(methods)],
      "signature": "AQID",
      "weight_kilograms": \(weight)
    }
    """.utf8)
}

/// A model whose backend writes keys in PascalCase, converted by a custom key strategy.
private struct Parcel: Decodable {
  var acceptedMethods: [Amenity]
  var height: Int
}

@Sendable private func makePascalCaseDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .custom { path in
    let key = path.last!
    guard key.intValue == nil, let first = key.stringValue.first else { return key }
    return UnknownValue.PathComponent.key(first.lowercased() + key.stringValue.dropFirst())
  }
  return decoder
}

@Suite struct AppDecoderTests {
  /// Issue 9, reproduction 3: a plain `JSONDecoder()` fails every payload of a model the app
  /// decodes with its own strategies; registered with the app's decoder, it decodes cleanly.
  @Test func aTypeRegisteredWithTheAppsDecoderDecodesAsTheAppDoes() throws {
    let payload = shipmentPayload()
    let decoded = try makeShipmentDecoder().decode(Shipment.self, from: payload)
    #expect(decoded.signature == Data([1, 2, 3]) && decoded.weightKilograms.isNaN)

    let plain = PayloadChecker().check(payload, as: RegisteredModel(Shipment.self))
    #expect(plain.outcome == .failed)

    let asTheApp = RegisteredModel(Shipment.self, decoder: makeShipmentDecoder)
    let result = PayloadChecker().check(payload, as: asTheApp)
    #expect(result.outcome == .decoded)
    #expect(result.findings.isEmpty)
  }

  @Test func everyWayToRegisterCarriesTheDecoder() throws {
    var registry = ModelRegistry(decoder: makeShipmentDecoder, registering: Shipment.self)
    registry.register(Parcel.self, decoder: makePascalCaseDecoder)
    registry.register(Booking.self)
    let payloads: [(String, Data)] = [
      ("Shipment", shipmentPayload()),
      ("Parcel", Data(#"{"AcceptedMethods": ["wifi"], "Height": 3}"#.utf8)),
      ("Booking", Data(Payloads.cleanBooking.utf8)),
    ]
    for (name, payload) in payloads {
      let result = PayloadChecker().check(payload, as: try registry.model(named: name))
      #expect(result.outcome == .decoded, "\(name): \(result.findings)")
    }
  }

  /// Unknown values are reported at the payload's own keys, with line and column, however
  /// the app's decoder converts keys.
  @Test func findingsNameThePayloadsOwnKeysForSnakeCase() throws {
    let payload = shipmentPayload(methods: #""wifi", "pool", "sauna""#)
    let model = RegisteredModel(Shipment.self, decoder: makeShipmentDecoder)
    let result = PayloadChecker().check(payload, as: model)
    #expect(result.outcome == .decodedWithUnknownValues)
    let finding = try #require(result.findings.first)
    #expect(finding.path == "$.accepted_methods[2]")
    #expect(finding.position == TextPosition(line: 4, column: 40))
    #expect(finding.message.hasPrefix(#"unknown Amenity value "sauna""#))
  }

  @Test func findingsNameThePayloadsOwnKeysForACustomKeyStrategy() throws {
    let payload = Data("{\n  \"Height\": \"tall\",\n  \"AcceptedMethods\": [\"sauna\"]\n}".utf8)
    let model = RegisteredModel(Parcel.self, decoder: makePascalCaseDecoder)
    let result = PayloadChecker(strict: true).check(payload, as: model)
    #expect(result.outcome == .failed)
    #expect(result.findings.map(\.path) == ["$.Height", "$.AcceptedMethods[0]"])
    #expect(result.findings.first?.position == TextPosition(line: 2, column: 13))
    #expect(result.findings.first?.message == #"expected a number, found a string: "tall""#)

    let unknown = PayloadChecker().check(
      Data(#"{"Height": 3, "AcceptedMethods": ["wifi", "sauna"]}"#.utf8), as: model)
    #expect(unknown.findings.map(\.path) == ["$.AcceptedMethods[1]"])
    #expect(unknown.findings.first?.position == TextPosition(line: 1, column: 43))
  }

  /// A number that does not fit its type is found by the second, locating decode, which must
  /// read the payload with the app's strategies to reach it.
  @Test func anOutOfRangeNumberIsFoundWithTheAppsStrategies() throws {
    let model = RegisteredModel(Shipment.self, decoder: makeShipmentDecoder)
    let result = PayloadChecker().check(shipmentPayload(weight: "1e400"), as: model)
    #expect(result.outcome == .failed)
    let finding = try #require(result.findings.first)
    #expect(finding.path == "$.weight_kilograms")
    #expect(finding.position == TextPosition(line: 6, column: 23))
    #expect(finding.message == "the number 1e400 is out of range for Double")
  }

  /// The locating decode reads "NaN" and custom data as the app's decoder does, so it gets
  /// past them to the number that does not fit.
  @Test func theLocatingDecodeFollowsFloatAndDataStrategies() throws {
    struct Reading: Decodable {
      var ratio: Double
      var blob: Data
      var count: Int
    }
    let model = RegisteredModel(Reading.self) {
      let decoder = JSONDecoder()
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "NaN")
      decoder.dataDecodingStrategy = .custom { decoder in
        Data(try decoder.singleValueContainer().decode(String.self).utf8)
      }
      return decoder
    }
    let payload = Data(#"{"ratio": "NaN", "blob": "plain text", "count": 2.5}"#.utf8)
    let result = PayloadChecker().check(payload, as: model)
    #expect(result.outcome == .failed)
    #expect(result.findings.map(\.path) == ["$.count"])
    #expect(result.findings.first?.message == "the number 2.5 is not a whole number, as Int needs")
    #expect(result.findings.first?.position == TextPosition(line: 1, column: 49))
  }

  @Test func aMissingKeyIsNamedAsThePayloadWouldSpellIt() throws {
    let payload = Data(
      #"{"shipped_at": "2026-11-23T10:00:00Z", "accepted_methods": [], "signature": "", "weight_kilograms": 1}"#
        .utf8)
    let model = RegisteredModel(Shipment.self, decoder: makeShipmentDecoder)
    let result = PayloadChecker().check(payload, as: model)
    #expect(
      result.findings.map(\.message) == [
        "missing required key `tracking_number` (`trackingNumber` in the model)"
      ])
    #expect(result.findings.first?.path == "$")
  }

  @Test func theDefaultIsAPlainJSONDecoder() throws {
    let model = RegisteredModel(Booking.self)
    let decoder = model.makeDecoder()
    guard case .useDefaultKeys = decoder.keyDecodingStrategy,
      case .deferredToDate = decoder.dateDecodingStrategy
    else {
      Issue.record("the default decoder is not a plain JSONDecoder")
      return
    }
    #expect(decoder.userInfo.isEmpty)
  }
}
