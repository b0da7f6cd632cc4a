import CodableResilience
import CodableResilienceTesting
import Foundation
import Testing

@testable import DecodeCheck

@Suite struct ScannerAgreementTests {
  private static let seeds = [
    Payloads.cleanBooking, Payloads.bookingWithUnknownValues, Payloads.cleanListingPage,
    #"{"first": [1, -2.5e3, true, null, "\u00e9\n", {"inner": []}], "second": "🏠"}"#,
  ]
  private static let interestingBytes: [UInt8] =
    Array(#"{}[]",:\ -+.0123456789eEtfnu"#.utf8)
    + [0x0A, 0x09, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

  // Keys within an object differ in more letters than a payload is mutated in: JSONDecoder
  // reads only the first of duplicate keys, so it never checks the others' text.

  /// Mutates seed payloads byte by byte and checks that the scanner and `JSONDecoder` agree:
  /// what `JSONDecoder` reads is valid to the scanner, and what the scanner calls valid but
  /// `JSONDecoder` rejects (a number out of range) fails the locating decoder too, which is
  /// how decode-check finds it. Nothing may trap on the way.
  @Test(arguments: 0..<8)
  func scannerAgreesWithJSONDecoderOnMutatedPayloads(batch: Int) throws {
    let seed = UInt64(batch) &* 0x1000_0001 &+ 42
    var random = SplitMix64(seed: seed)
    for mutation in 0..<400 {
      var bytes = Array(Self.seeds.randomElement(using: &random)!.utf8)
      for _ in 0...Int.random(in: 0..<3, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        let byte = Self.interestingBytes.randomElement(using: &random)!
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        default: if bytes.count > 1 { bytes.remove(at: position) }
        }
      }
      let data = Data(bytes)
      // JSONValue decodes every value all the way down, so JSONDecoder reads every byte.
      let decoded = (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil
      let (syntaxError, relocated) = data.withUnsafeBytes { buffer in
        let scanner = JSONScanner(buffer)
        let error = scanner.firstSyntaxError()
        // The fast validator every payload goes through says yes exactly when the scanner,
        // which explains the no, finds nothing (a trailing comma included).
        #expect(
          StrictJSONValidator.isValid(buffer, from: scanner.start) == (error == nil),
          "seed \(seed), mutation \(mutation): \(String(decoding: bytes, as: UTF8.self))")
        _ = scanner.positions(of: [0, buffer.count, error?.offset ?? 0])
        _ = scanner.locate([
          [.key("first")], [.index(0)], [.key("guests"), .index(0), .key("name")],
        ])
        let relocated = scanner.tree().map { tree in
          (try? LocatingDecoder.decode(JSONValue.self, from: tree)) == nil
        }
        return (error, relocated)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let context = Comment(rawValue: "seed \(seed), mutation \(mutation): \(text)")
      if decoded {
        // The one leniency of JSONDecoder the scanner does not copy: it reads a comma before
        // `}` (and before a nested `]`), which RFC 8259 does not allow. The scanner is only
        // asked about payloads JSONDecoder rejected, so it may name this while explaining them.
        let isTrailingComma =
          syntaxError?.message.hasSuffix("JSON allows no trailing comma") == true
        #expect(syntaxError == nil || isTrailingComma, context)
        #expect(relocated == false || isTrailingComma, context)
      } else if syntaxError == nil {
        #expect(relocated == true, context)
      }
    }
  }
}
