import Foundation

/// A payload's text as UTF-8, found the way `JSONDecoder` finds it.
///
/// `JSONDecoder` reads UTF-16 and UTF-32 as well as UTF-8: it knows them by a byte order mark
/// or, without one, by where the zero bytes of the first characters are. The checker reads a
/// payload the same way, turns it into UTF-8 once, and checks and locates in that text; the
/// positions it gives are in characters, so they are the same in either encoding.
enum PayloadText {
  /// UTF-8, as it is (after a UTF-8 byte order mark, if any).
  case utf8
  /// Another encoding `JSONDecoder` reads, converted to UTF-8; `encoding` names it, such as
  /// "UTF-16 (little-endian, with a byte order mark)".
  case converted(Data, encoding: String)
  /// Text `JSONDecoder` would misread or that is broken in its own encoding: why, and the
  /// text up to the place it breaks, converted to UTF-8, so the place has a line and column.
  case unreadable(message: String, before: Data)

  /// Reads `data`'s encoding and, when it is not UTF-8, converts it.
  static func read(_ data: Data) -> PayloadText {
    data.withUnsafeBytes { bytes in
      guard let (encoding, markLength) = Encoding.detect(bytes) else { return .utf8 }
      let name = encoding.name(withByteOrderMark: markLength > 0)
      if encoding == .utf32LittleEndian, markLength > 0 {
        return .unreadable(
          message: "the payload starts with the byte order mark of UTF-32 (little-endian), "
            + "which JSONDecoder reads as UTF-16 and so never decodes; save it as UTF-8",
          before: Data())
      }
      var text: [UInt8] = []
      text.reserveCapacity(bytes.count)
      let body = UnsafeRawBufferPointer(rebasing: bytes[markLength...])
      if let problem = encoding.convert(body, into: &text) {
        return .unreadable(message: "not valid \(name): \(problem)", before: Data(text))
      }
      return .converted(Data(text), encoding: name)
    }
  }

  /// The encodings `JSONDecoder` reads besides UTF-8.
  enum Encoding: Equatable {
    case utf16BigEndian
    case utf16LittleEndian
    case utf32BigEndian
    case utf32LittleEndian

    /// The encoding of `bytes` and the length of its byte order mark, or `nil` for UTF-8.
    /// A byte order mark decides; without one, the zero bytes of the first four do, as RFC
    /// 4627 describes and `JSONDecoder` does.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> (Encoding, markLength: Int)? {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
      if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
      if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
      if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
      if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
      // Text whose first character would be U+0000 is no JSON in any encoding: it is read as
      // the binary data it most likely is.
      if bytes.count >= 4 {
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0, 0, 0, 1...): return (.utf32BigEndian, 0)
        case (1..., 0, 0, 0): return (.utf32LittleEndian, 0)
        case (0, 1..., 0, _): return (.utf16BigEndian, 0)
        case (1..., 0, _, 0): return (.utf16LittleEndian, 0)
        default: return nil
        }
      }
      guard bytes.count >= 2 else { return nil }
      if bytes[0] == 0, bytes[1] != 0 { return (.utf16BigEndian, 0) }
      if bytes[1] == 0, bytes[0] != 0 { return (.utf16LittleEndian, 0) }
      return nil
    }

    /// "UTF-16 (little-endian, with a byte order mark)".
    func name(withByteOrderMark: Bool) -> String {
      let (bits, order): (Int, String) =
        switch self {
        case .utf16BigEndian: (16, "big-endian")
        case .utf16LittleEndian: (16, "little-endian")
        case .utf32BigEndian: (32, "big-endian")
        case .utf32LittleEndian: (32, "little-endian")
        }
      let mark = withByteOrderMark ? "with a byte order mark" : "found by its zero bytes"
      return "UTF-\(bits) (\(order), \(mark))"
    }

    private var unitLength: Int {
      self == .utf16BigEndian || self == .utf16LittleEndian ? 2 : 4
    }

    private var isBigEndian: Bool {
      self == .utf16BigEndian || self == .utf32BigEndian
    }

    /// UTF-8 text written in this encoding, after the byte order mark when `withByteOrderMark`:
    /// what ``convert(_:into:)`` reads back.
    func encode(_ utf8: Data, withByteOrderMark: Bool) -> Data {
      var units: [UInt32] = withByteOrderMark ? [0xFEFF] : []
      let text = String(decoding: utf8, as: UTF8.self)
      if unitLength == 4 {
        units += text.unicodeScalars.map(\.value)
      } else {
        units += text.utf16.map(UInt32.init)
      }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(units.count * unitLength)
      for unit in units {
        for byte in 0..<unitLength {
          let shift = isBigEndian ? (unitLength - 1 - byte) * 8 : byte * 8
          bytes.append(UInt8(truncatingIfNeeded: unit >> shift))
        }
      }
      return Data(bytes)
    }

    /// Appends the text of `body` to `text` as UTF-8; why it stops early, if it does.
    func convert(_ body: UnsafeRawBufferPointer, into text: inout [UInt8]) -> String? {
      let unitCount = body.count / unitLength
      var units = (0..<unitCount).lazy.map { index in
        var unit: UInt32 = 0
        for byte in 0..<unitLength {
          let shift = isBigEndian ? (unitLength - 1 - byte) * 8 : byte * 8
          unit |= UInt32(body[index * unitLength + byte]) << shift
        }
        return unit
      }.makeIterator()
      if unitLength == 4 {
        while let unit = units.next() {
          guard let scalar = Unicode.Scalar(unit) else {
            return "0x\(String(unit, radix: 16, uppercase: true)) is not a Unicode character"
          }
          text.append(contentsOf: UTF8.encode(scalar)!)
        }
      } else {
        var parser = Unicode.UTF16.ForwardParser()
        var codeUnits = IteratorSequence(units).lazy.map { UInt16(truncatingIfNeeded: $0) }
          .makeIterator()
        loop: while true {
          switch parser.parseScalar(from: &codeUnits) {
          case .valid(let encoded):
            text.append(contentsOf: UTF8.encode(UTF16.decode(encoded))!)
          case .emptyInput:
            break loop
          case .error:
            return "half of a surrogate pair without its other half"
          }
        }
      }
      guard body.count % unitLength == 0 else {
        return "the payload ends inside a \(unitLength)-byte code unit"
      }
      return nil
    }
  }
}
