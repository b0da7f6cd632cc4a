import CodableResilience
import Foundation

/// The types whose `init(from:)` is running in a ``LocatingDecoder`` decode, innermost last,
/// and the type that was innermost when each value was reported.
///
/// A report is made inside the `init(from:)` of the type that did not know the value (or of
/// the wrapper that read it), so the innermost type at that moment is the tool that caught it.
final class DecodingTrail: @unchecked Sendable {
  // `@unchecked`: one decode uses it, on one thread.
  private var running: [(type: Any.Type, path: [UnknownValue.PathComponent])] = []
  /// Each report, with the type innermost when it came.
  private(set) var reports:
    [(value: UnknownValue, type: Any.Type?, at: [UnknownValue.PathComponent])] =
      []

  func enter(_ type: Any.Type, at path: [any CodingKey]) {
    running.append((type, path.map(UnknownValue.PathComponent.init)))
  }

  func leave() {
    running.removeLast()
  }

  /// The handler that notes each report.
  var handler: UnknownValueHandler {
    .report { [self] value in
      reports.append((value, running.last?.type, running.last?.path ?? []))
    }
  }
}

/// The toolkit tool that reported a value: `UnknownDecodable`, `@DecodeUnknownAsNil`,
/// `ExtensibleEnum`, `OpenEnum`, `TaggedUnion`, `@SkipUnknownElements`, `@SkipUnknownKeys`.
///
/// It decodes the payload once more with ``LocatingDecoder`` and notes whose `init(from:)`
/// was running when the report came. `nil` when that is no tool of the toolkit (a type's own
/// `init(from:)` that reports by hand) or the report came from elsewhere.
///
/// ```swift
/// ReportingTool.name(of: report, in: variant.payload, as: model)  // "UnknownDecodable"
/// ```
enum ReportingTool {
  static func name(of report: VariantReport, in payload: Data, as model: RegisteredModel)
    -> String?
  {
    let tree = payload.withUnsafeBytes { JSONScanner($0).tree() }
    guard let tree else { return nil }
    let trail = DecodingTrail()
    var options = DecodingOptions(model.makeDecoder())
    options.userInfo[.unknownValueHandler] = trail.handler
    options.trail = trail
    try? model.decodeLocating(tree, options)
    let wanted = report.unknownValue
    // The report itself, made at the value or, for a union's tag, at the key below the
    // union's object.
    let match = trail.reports.first {
      $0.value.path == wanted.path && $0.value.rawValue == wanted.rawValue
        && $0.value.typeName == wanted.typeName
    }
    guard let match, let type = match.type,
      match.at == wanted.codingPath || match.at == wanted.codingPath.dropLast()
    else { return nil }
    return toolName(of: type)
  }

  /// The tool a type is, or `nil` for any other type.
  static func toolName(of type: Any.Type) -> String? {
    switch type {
    case is any TaggedUnion.Type: return "TaggedUnion"
    case is any ExtensibleEnum.Type: return "ExtensibleEnum"
    case is any UnknownDecodable.Type: return "UnknownDecodable"
    default: break
    }
    let name = String(reflecting: type)
    let generics = [
      ("CodableResilience.DecodeUnknownAsNil<", "@DecodeUnknownAsNil"),
      ("CodableResilience.OpenEnum<", "OpenEnum"),
      ("CodableResilience.SkipUnknownElements<", "@SkipUnknownElements"),
      ("CodableResilience.SkipUnknownKeys<", "@SkipUnknownKeys"),
    ]
    return generics.first { name.hasPrefix($0.0) }?.1
  }
}
