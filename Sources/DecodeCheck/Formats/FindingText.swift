extension Finding {
  /// What the finding is about, as every format but JSON writes it before the message: its
  /// path (`$.state`) or, for a finding of `--openapi`, the type and the path in the payload
  /// generated for it (`Booking $.state`); `nil` when it concerns a whole input.
  var subject: String? {
    guard let contract else { return path }
    return path.map { "\(contract.typeName) \($0)" } ?? contract.typeName
  }

  /// The message, then, for a finding of `--openapi`, the JSON pointer of the spec member it
  /// comes from, and for every finding its class of check, the name `--disable` takes:
  /// `unknown Status value "paused" … [unknown-value]`,
  /// `…; Booking requires it (#/components/schemas/Booking/properties/total) [optionality]`.
  var fullMessage: String {
    let pointer = contract.map { " (\($0.pointer))" } ?? ""
    return "\(message)\(pointer) [\(CheckClass(of: self).rawValue)]"
  }

  /// The subject and the message on one line: `Booking $.total: the spec lets … (#/…)`.
  var subjectAndMessage: String {
    (subject.map { "\($0): " } ?? "") + fullMessage
  }
}
