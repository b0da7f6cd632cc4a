import CodableResilience

/// Reads a whole payload by JSON's grammar on the tokens of a ``JSONTokenizer``: are they
/// exactly one RFC 8259 value in UTF-8, nested no deeper than `JSONDecoder` reads?
///
/// One reader gives both answers decode-check needs. Every payload gets the fast yes or no
/// (``StrictJSONValidator``), because `JSONDecoder` checks only the values a model reads (it
/// accepts `{"ignored": "\x"}`) and reads a trailing comma; a no is then explained in words
/// (``JSONScanner/syntaxCheck(allowingTrailingCommas:)``). The two differ only in what they
/// remember of the open containers (``JSONContainerStack``), so they cannot disagree. It
/// never recurses, so no input can overflow the call stack.
enum JSONGrammarReader {
  /// What the reader expects where it stopped.
  enum Expectation {
    case value
    case valueOrArrayEnd
    case valueAfterComma
    case keyOrObjectEnd
    case keyAfterComma
    case colon
    case commaOrObjectEnd
    case commaOrArrayEnd
    case end
  }

  /// Where and why the reading stopped.
  struct Failure {
    enum Reason {
      /// Nothing but white space (or nothing at all) after a byte order mark.
      case empty
      case unexpected(Expectation)
      /// A word where a value was expected.
      case bareWord
      case tooDeep
      /// A comma before this closing byte.
      case trailingComma(before: UInt8)
      case token(JSONToken.Problem)
    }

    var offset: Int
    var reason: Reason
  }

  /// Reads `bytes` from `start`; `nil` when they are one valid JSON value. `stack` follows the
  /// open containers, and decides whether a trailing comma is a failure.
  static func read<Stack: JSONContainerStack>(
    _ bytes: UnsafeRawBufferPointer, from start: Int, into stack: inout Stack
  ) -> Failure? {
    var tokens = JSONTokenizer(bytes, at: start)
    var token = tokens.next()
    if token.kind == .end { return Failure(offset: start, reason: .empty) }
    func unexpected(_ expectation: Expectation) -> Failure {
      Failure(offset: token.start, reason: .unexpected(expectation))
    }
    func invalid() -> Failure {
      let problem = tokens.problem!
      return Failure(offset: problem.offset, reason: .token(problem))
    }
    /// The key in `token` (a `key` is expected), its `:`, and the token after them.
    func readKey(_ expectation: Expectation) -> Failure? {
      guard token.kind == .string else { return unexpected(expectation) }
      guard token.isValid else { return invalid() }
      stack.enterKey(at: token.start)
      token = tokens.next()
      guard token.kind == .colon else { return unexpected(.colon) }
      token = tokens.next()
      return nil
    }
    // Where the value in `token` stands: after a `:`, first in an array, or after a comma.
    var expectation = Expectation.value
    while true {
      switch token.kind {
      case .openBrace, .openBracket:
        guard stack.depth < JSONScanner.maximumDepth else {
          return Failure(offset: token.start, reason: .tooDeep)
        }
        let opensObject = token.kind == .openBrace
        stack.open(object: opensObject)
        token = tokens.next()
        if token.kind == (opensObject ? .closeBrace : .closeBracket) {
          stack.close()
        } else if opensObject {
          if let failure = readKey(.keyOrObjectEnd) { return failure }
          expectation = .value
          continue
        } else {
          expectation = .valueOrArrayEnd
          continue
        }
      case .string, .number:
        guard token.isValid else { return invalid() }
      case .true, .false, .null:
        break
      case .closeBracket where expectation == .valueAfterComma:
        guard stack.acceptsTrailingComma(before: ASCII.closeBracket, at: token.start) else {
          return Failure(offset: token.start, reason: .trailingComma(before: ASCII.closeBracket))
        }
        stack.close()
      case .word:
        return Failure(offset: token.start, reason: .bareWord)
      default:
        return unexpected(expectation)
      }
      // After a value: a comma, the end of its container, or the end of the payload.
      while true {
        token = tokens.next()
        guard stack.depth > 0 else { return token.kind == .end ? nil : unexpected(.end) }
        let inObject = stack.isInObject
        if token.kind == .comma {
          stack.nextMember()
          token = tokens.next()
          guard inObject else {
            expectation = .valueAfterComma
            break
          }
          if token.kind == .closeBrace {
            guard stack.acceptsTrailingComma(before: ASCII.closeBrace, at: token.start) else {
              return Failure(offset: token.start, reason: .trailingComma(before: ASCII.closeBrace))
            }
            stack.close()
            continue
          }
          if let failure = readKey(.keyAfterComma) { return failure }
          expectation = .value
          break
        }
        guard token.kind == (inObject ? .closeBrace : .closeBracket) else {
          return unexpected(inObject ? .commaOrObjectEnd : .commaOrArrayEnd)
        }
        stack.close()
      }
    }
  }
}

/// What a ``JSONGrammarReader`` remembers of the open containers.
protocol JSONContainerStack {
  /// How many containers are open.
  var depth: Int { get }
  /// Whether the innermost open container is an object.
  var isInObject: Bool { get }
  mutating func open(object: Bool)
  mutating func close()
  /// The innermost object's current key is the string whose quote is at `quote`.
  mutating func enterKey(at quote: Int)
  /// A comma: the next index of an array, no key yet in an object.
  mutating func nextMember()
  /// Whether a comma before `closing`, at `offset`, is let through rather than a failure.
  mutating func acceptsTrailingComma(before closing: UInt8, at offset: Int) -> Bool
}

/// The yes or no every payload gets before it is decoded: the grammar reader remembering only
/// which containers are objects, on the stack.
enum StrictJSONValidator {
  /// Whether `bytes`, from `start` (past a byte order mark), are one valid JSON value.
  static func isValid(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: JSONScanner.maximumDepth) {
      var stack = KindStack(isObject: $0)
      return JSONGrammarReader.read(bytes, from: start, into: &stack) == nil
    }
  }

  private struct KindStack: JSONContainerStack {
    let isObject: UnsafeMutableBufferPointer<Bool>
    var depth = 0

    var isInObject: Bool { isObject[depth - 1] }

    mutating func open(object: Bool) {
      isObject[depth] = object
      depth += 1
    }

    mutating func close() { depth -= 1 }
    func enterKey(at quote: Int) {}
    func nextMember() {}
    func acceptsTrailingComma(before closing: UInt8, at offset: Int) -> Bool { false }
  }
}

extension JSONScanner {
  /// The first reason the payload is not exactly one valid JSON value, or `nil` when it is.
  func firstSyntaxError() -> SyntaxError? {
    syntaxCheck(allowingTrailingCommas: false).error
  }

  /// Reads the whole payload as JSON and explains, in words, why it is not. With
  /// `allowingTrailingCommas`, a comma before `]` or `}` (which `JSONDecoder` reads) is no
  /// error: it is listed, at the `]` or `}` (where the text stops being JSON) and with the
  /// path of its container, and the reading goes on.
  func syntaxCheck(allowingTrailingCommas: Bool)
    -> (error: SyntaxError?, trailingCommas: [SyntaxError])
  {
    var stack = PathStack(scanner: self, trailingCommas: allowingTrailingCommas ? [] : nil)
    let error = JSONGrammarReader.read(bytes, from: start, into: &stack).map {
      SyntaxError($0, path: stack.path(depth: stack.depth), in: self)
    }
    return (error, stack.trailingCommas ?? [])
  }

  /// The open containers with what names the value being read: an array's index, an
  /// object's key; and the trailing commas let through.
  private struct PathStack: JSONContainerStack {
    let scanner: JSONScanner
    var trailingCommas: [SyntaxError]?
    /// Each open container's current index, or the offset of its current key's quote (-1
    /// between a `{` or a `,` and the next key).
    private var frames: [(isObject: Bool, member: Int)] = []

    init(scanner: JSONScanner, trailingCommas: [SyntaxError]?) {
      self.scanner = scanner
      self.trailingCommas = trailingCommas
    }

    var depth: Int { frames.count }
    var isInObject: Bool { frames[frames.count - 1].isObject }

    mutating func open(object: Bool) { frames.append((object, object ? -1 : 0)) }
    mutating func close() { frames.removeLast() }
    mutating func enterKey(at quote: Int) { frames[frames.count - 1].member = quote }

    mutating func nextMember() {
      let top = frames.count - 1
      frames[top].member = frames[top].isObject ? -1 : frames[top].member + 1
    }

    mutating func acceptsTrailingComma(before closing: UInt8, at offset: Int) -> Bool {
      guard trailingCommas != nil else { return false }
      // The container's path: without the index past an array's comma; an object has no
      // key after its comma.
      let container = path(depth: frames.count - 1)
      trailingCommas?.append(.trailingComma(before: closing, at: offset, in: container))
      return true
    }

    /// The path of the outermost `depth` containers' members.
    func path(depth: Int) -> [UnknownValue.PathComponent] {
      frames[..<depth].compactMap { frame in
        guard frame.isObject else { return .index(frame.member) }
        guard frame.member >= 0 else { return nil }
        var key = JSONTokenizer(scanner.bytes, at: frame.member)
        return .key(scanner.text(ofString: key.next()))
      }
    }
  }
}
