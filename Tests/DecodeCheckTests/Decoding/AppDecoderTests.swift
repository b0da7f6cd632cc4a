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

/// A booking with an unknown state (line 4, column 12) and an amount no `Double` holds
/// (line 7, column 17): the second is the failure a check must report.
private let bookingWithUnknownStateAndHugeAmount = Data(
  """
  {
    "id": "b-9",
    "listing_id": 7,
    "state": "checked_in",
    "guests": [],
    "total": {
      "amount": 1e400,
      "currency": "EUR"
    }
  }
  """.utf8)

/// How many values an app's `.report` handler saw, from any thread.
private final class ReportCount: @unchecked Sendable {
  // `@unchecked` because every access to `count` holds `lock`.
  private let lock = NSLock()
  private var seen = 0

  func add() { lock.withLock { seen += 1 } }
  var count: Int { lock.withLock { seen } }
}

/// Issue 21, item 4: the checker decodes with the app's settings but its own handler, and
/// never touches the decoder the registered closure returns.
@Suite struct AppHandlerTests {
  /// On `main` before the fix, the locating decode kept the app's `.strict` handler, so both
  /// findings were the unknown state and `1e400` was never reported.
  @Test func anAppsStrictHandlerDoesNotHideTheRealFailure() throws {
    let model = RegisteredModel(Booking.self) {
      let decoder = JSONDecoder()
      decoder.unknownValueHandler = .strict
      return decoder
    }
    let result = PayloadChecker().check(bookingWithUnknownStateAndHugeAmount, as: model)
    #expect(result.outcome == .failed)
    #expect(result.findings.map(\.path) == ["$.state", "$.total.amount"])
    #expect(result.findings.map(\.severity) == [.warning, .error])
    #expect(
      result.findings.map(\.position) == [
        TextPosition(line: 4, column: 12), TextPosition(line: 7, column: 15),
      ])
    #expect(result.findings.last?.message == "the number 1e400 is out of range for Double")
  }

  /// The app's analytics never run in CI: neither the check's decode nor the locating decode
  /// calls the app's `.report` handler.
  @Test func anAppsReportHandlerNeverRuns() throws {
    let reports = ReportCount()
    let model = RegisteredModel(Booking.self) {
      let decoder = JSONDecoder()
      decoder.unknownValueHandler = .report { _ in reports.add() }
      return decoder
    }
    let result = PayloadChecker().check(bookingWithUnknownStateAndHugeAmount, as: model)
    #expect(result.findings.map(\.path) == ["$.state", "$.total.amount"])
    let clean = PayloadChecker().check(Data(Payloads.bookingWithUnknownValues.utf8), as: model)
    #expect(clean.findings.count == 2)
    #expect(reports.count == 0)
  }

  /// A closure returning one shared decoder: every file gets exactly its own findings,
  /// however many are checked at once, and the shared decoder is as the app left it.
  @Test func aSharedDecoderIsNeverChangedAndReportsStayWithTheirFile() throws {
    let reports = ReportCount()
    let shared = JSONDecoder()
    shared.keyDecodingStrategy = .useDefaultKeys
    shared.unknownValueHandler = .report { _ in reports.add() }
    let sharedBox = SharedDecoder(shared)
    let registry = ModelRegistry(decoder: { sharedBox.decoder }, registering: Booking.self)
    let folder = try TemporaryFolder()
    let states = (0..<64).map { "state_\($0)" }
    for (index, state) in states.enumerated() {
      try folder.write(
        Payloads.bookingWithUnknownValues.replacing("checked_in", with: state),
        to: "Booking/b\(index).json")
    }
    let report = PayloadChecker().check(
      paths: [folder.path + "/Booking"], in: registry, maximumConcurrency: 8)
    #expect(report.files.count == states.count)
    for file in report.files {
      let name = (file.path as NSString).lastPathComponent
      let index = try #require(Int(name.dropFirst().dropLast(".json".count)))
      #expect(
        file.findings.compactMap(\.unknownValue?.rawValue) == [states[index], "CHF"],
        "\(name)")
    }
    #expect(reports.count == 0)
    let installed = try #require(shared.userInfo[.unknownValueHandler] as? UnknownValueHandler)
    try installed(UnknownValue(typeName: "T", rawValue: "x", codingPath: []))
    #expect(reports.count == 1, "the shared decoder's handler is no longer the app's")
  }
}

/// A decoder shared by every call of a registered closure, as an app holding one static
/// decoder has it.
private final class SharedDecoder: @unchecked Sendable {
  // `@unchecked`: the decoder itself is only read here; the test checks nothing changes it.
  let decoder: JSONDecoder
  init(_ decoder: JSONDecoder) { self.decoder = decoder }
}
