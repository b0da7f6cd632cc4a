/// A place in a text: a line and a column, both counted from 1; columns count characters
/// (Unicode scalars), as editors do, not bytes.
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public internal(set) var line: Int
  /// The column in characters, from 1.
  public internal(set) var column: Int

  /// Creates a position.
  ///
  /// ```swift
  /// let position = TextPosition(line: 12, column: 15)
  /// ```
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders positions as they appear in the text.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`, as in `12:15`.
  public var description: String { "\(line):\(column)" }
}
