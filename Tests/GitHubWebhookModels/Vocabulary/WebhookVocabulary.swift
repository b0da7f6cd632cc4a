import CodableResilience

/// An enum-like webhook field that code switches over: a real enum whose `unknown` case
/// stands for every value this build does not know (``UnknownDecodable``).
///
/// ```swift
/// enum AccountType: String, WebhookEnum { case user = "User", bot = "Bot", unknown }
/// ```
///
/// Re-encoding writes `"unknown"` for a value the enum did not know, so it fits fields the
/// client only reads.
public protocol WebhookEnum: UnknownDecodable, Encodable, CaseIterable, Hashable, Sendable
where RawValue == String {}

/// An enum read through ``DecodeUnknownAsNil``: an unknown value, `null` and a missing key
/// all read as `nil`, and re-encoding writes back what the payload held.
///
/// ```swift
/// enum LockReason: String, NilWhenUnknownEnum { case spam }
/// @DecodeUnknownAsNil var activeLockReason: LockReason?
/// ```
public protocol NilWhenUnknownEnum: RawRepresentable, Codable, CaseIterable, Hashable, Sendable
where RawValue == String {}

/// An open-ended string field (``ExtensibleEnum``): every value decodes and is kept; values
/// outside a non-empty `knownValues` are reported.
///
/// ```swift
/// struct MergeableState: OpenWebhookEnum { var rawValue: String }
/// ```
public protocol OpenWebhookEnum: ExtensibleEnum, ExpressibleByStringLiteral
where RawValue == String {}

/// The types a set of webhook models gives its enum-like fields, and so the values it knows.
///
/// Every model is generic over a vocabulary, so the same structure decodes a payload with
/// the full ``CorpusVocabulary`` or with a deliberately narrower one (the tests use one that
/// knows half of each field's values, to check that exactly the rest is reported).
///
/// ```swift
/// let event = try JSONDecoder().decode(PullRequestEvent<CorpusVocabulary>.self, from: data)
/// switch event.action {
/// case .opened: print("new pull request #\(event.number)")
/// default: break
/// }
/// ```
///
/// Which tool each field uses, and why, is documented on each associated type.
public protocol WebhookVocabulary: Sendable {
  // Actions: the app routes each event on its action, so the switch must be exhaustive and
  // an action added by GitHub lands in `.unknown` (and is skipped) instead of failing the
  // whole delivery. The payload is never sent back, so the lossy re-encode does not matter.

  /// The `action` of a `pull_request` event.
  associatedtype PullRequestAction: WebhookEnum
  /// The `action` of an `issues` event.
  associatedtype IssuesAction: WebhookEnum
  /// The `action` of a `check_run` event.
  associatedtype CheckRunAction: WebhookEnum
  /// The `action` of a `check_suite` event.
  associatedtype CheckSuiteAction: WebhookEnum
  /// The `action` of a `workflow_run` event.
  associatedtype WorkflowRunAction: WebhookEnum
  /// The `action` of a `release` event.
  associatedtype ReleaseAction: WebhookEnum
  /// The `action` of a `pull_request_review` event.
  associatedtype PullRequestReviewAction: WebhookEnum

  /// An account's `type` (`User`, `Bot`, `Organization`): a closed enum the app switches
  /// over (to draw a bot badge, say), so `UnknownDecodable`.
  associatedtype AccountType: WebhookEnum
  /// The `state` of an issue, a pull request or a milestone (`open`, `closed`): switched
  /// over to pick an icon, so `UnknownDecodable`. Optional where a payload may omit it.
  associatedtype IssueState: WebhookEnum
  /// The `status` of a check run, check suite or workflow run: switched over to pick a
  /// spinner or a result, so `UnknownDecodable`. Optional on a check suite, whose schema
  /// allows `null`, so that `null` (nil) stays apart from a new status (`.unknown`).
  associatedtype CheckStatus: WebhookEnum
  /// A review's `state`: switched over, so `UnknownDecodable`.
  associatedtype ReviewState: WebhookEnum

  /// The `conclusion` of a check run, check suite or workflow run: `null` until it
  /// completes and a value GitHub keeps adding to, so `@DecodeUnknownAsNil`. `nil` means
  /// "no verdict this build understands", while `null`, absent and the unknown raw value
  /// are kept to be written back or logged.
  associatedtype CheckConclusion: NilWhenUnknownEnum
  /// `active_lock_reason`: `null` unless locked, and its values use a hyphen (`off-topic`)
  /// or a space (`too heated`), so `@DecodeUnknownAsNil` with explicit raw values. An
  /// unknown reason reads as "locked, no reason given".
  associatedtype LockReason: NilWhenUnknownEnum

  /// `author_association` (`OWNER`, `MEMBER`, …): shown as text on a badge, so any value
  /// is useful as it is; an `ExtensibleEnum` with `knownValues`, so a new association is
  /// reported but kept.
  associatedtype AuthorAssociation: OpenWebhookEnum
  /// A pull request's `mergeable_state`: a plain string in GitHub's schema, open by
  /// design, so an `ExtensibleEnum` without `knownValues` (never reported).
  associatedtype MergeableState: OpenWebhookEnum
  /// A workflow run's `event`, the name of the event that triggered it: a plain string in
  /// the schema, so an `ExtensibleEnum` without `knownValues`.
  associatedtype WorkflowTrigger: OpenWebhookEnum
}
