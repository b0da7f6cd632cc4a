/// How many places of a payload the audit asks about (`--audit`, `--places-per-field`,
/// `--places-per-file`): the number of variants grows with the payload, so it is capped.
///
/// A place is one value and one question about it (a new value, a new variant, the key left
/// out), and costs one decode, of the payload with its arrays down to the element that holds
/// the value when that decodes as the whole payload does. In each payload, each field (a JSON path pattern such as
/// `$.listings[*].kind`) is asked at its first three places and, past them, at places sampled
/// evenly over the rest, up to ``placesPerField``. When a payload holds more places than
/// ``placesPerFile``, every field is asked once before any is asked twice.
///
/// ```swift
/// var checker = PayloadChecker()
/// checker.audit = AuditBudget(placesPerField: 3, placesPerFile: 500)
/// let report = checker.check(paths: ["Fixtures"], in: registry)
/// print(AuditReport(report)?.brittle.map(\.path) ?? [])
/// ```
public struct AuditBudget: Sendable, Hashable {
  /// The most places of one field asked about in one payload; 5 unless told otherwise.
  public var placesPerField: Int
  /// The most places asked about in one payload; 1,000 unless told otherwise.
  public var placesPerFile: Int

  /// The default budget.
  public static let standard = AuditBudget()

  /// Creates a budget; values below 1 count as 1.
  ///
  /// ```swift
  /// let thorough = AuditBudget(placesPerField: 20, placesPerFile: 10_000)
  /// ```
  public init(placesPerField: Int = 5, placesPerFile: Int = 1_000) {
    self.placesPerField = max(1, placesPerField)
    self.placesPerFile = max(1, placesPerFile)
  }

  /// How many of the first places of a field are always asked before sampling starts.
  static let firstPlaces = 3

  /// Which of `count` places of one field are asked: the first few, then evenly spaced over
  /// the rest, up to ``placesPerField``, in order.
  func sampledPlaces(of count: Int) -> [Int] {
    guard count > placesPerField else { return Array(0..<count) }
    let first = min(Self.firstPlaces, placesPerField)
    var chosen = Array(0..<first)
    let remaining = placesPerField - first
    guard remaining > 0 else { return chosen }
    // Evenly over the places after the first ones, the last one included.
    let rest = count - first
    for step in 1...remaining {
      chosen.append(first - 1 + (rest * step + remaining - 1) / remaining)
    }
    return chosen
  }
}
