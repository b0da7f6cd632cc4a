import CodableResilience
import Foundation

extension JSONDecoder {
  /// A new decoder with this one's strategies and `userInfo`, and `handler` in place of the
  /// unknown-value handler it had: how the checker decodes as the app does.
  ///
  /// The app's own handler must not run in a check: `.strict` would throw at the first
  /// unknown value and hide the failure the check is looking for, and `.report { … }` would
  /// send the app's analytics from CI. The app's instance is left untouched, as a registered
  /// closure may hand the same decoder to every payload, checked on several threads at once.
  ///
  /// A subclass's own `decode(_:from:)` does not run: the copy is a `JSONDecoder` holding its
  /// settings. (Running it would mean installing the checker's handler on the app's instance.)
  func copyForChecking(reportingTo handler: UnknownValueHandler) -> JSONDecoder {
    let copy = JSONDecoder()
    copy.keyDecodingStrategy = keyDecodingStrategy
    copy.dateDecodingStrategy = dateDecodingStrategy
    copy.dataDecodingStrategy = dataDecodingStrategy
    copy.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
    copy.allowsJSON5 = allowsJSON5
    copy.assumesTopLevelDictionary = assumesTopLevelDictionary
    copy.userInfo = userInfo
    copy.unknownValueHandler = handler
    return copy
  }
}
