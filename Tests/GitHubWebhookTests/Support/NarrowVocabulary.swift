import CodableResilience
import GitHubWebhookModels

/// A deliberately narrow vocabulary: each field knows about half of the values the corpus
/// shows (some know only one), so decoding real payloads meets values outside it and the
/// tests can check that exactly those are reported, at the right paths, and still kept
/// where the tool is lossless.
enum NarrowVocabulary: WebhookVocabulary {
  enum PullRequestAction: String, WebhookEnum {
    case assigned, closed, labeled, opened, reopened, synchronize, unlabeled, unknown
  }

  enum IssuesAction: String, WebhookEnum {
    case assigned, deleted, edited, labeled, opened, unassigned, unlabeled, unknown
  }

  enum CheckRunAction: String, WebhookEnum {
    case completed, created, unknown
  }

  enum CheckSuiteAction: String, WebhookEnum {
    case completed, unknown
  }

  enum WorkflowRunAction: String, WebhookEnum {
    case completed, unknown
  }

  enum ReleaseAction: String, WebhookEnum {
    case created, published, released, unknown
  }

  enum PullRequestReviewAction: String, WebhookEnum {
    case submitted, unknown
  }

  enum AccountType: String, WebhookEnum {
    case user = "User"
    case unknown
  }

  enum IssueState: String, WebhookEnum {
    case open, unknown
  }

  enum CheckStatus: String, WebhookEnum {
    case completed, unknown
  }

  enum ReviewState: String, WebhookEnum {
    case commented, unknown
  }

  enum CheckConclusion: String, NilWhenUnknownEnum {
    case success
  }

  enum LockReason: String, NilWhenUnknownEnum {
    case spam
  }

  /// Knows only `MEMBER`, so every `OWNER` of the corpus is reported (and kept).
  struct AuthorAssociation: OpenWebhookEnum {
    var rawValue: String
    static let knownValues: [Self] = ["MEMBER"]
  }

  /// Knows only `clean`, so `unknown` is reported (and kept).
  struct MergeableState: OpenWebhookEnum {
    var rawValue: String
    static let knownValues: [Self] = ["clean"]
  }

  /// Knows only `push`, so `repository_dispatch` is reported (and kept).
  struct WorkflowTrigger: OpenWebhookEnum {
    var rawValue: String
    static let knownValues: [Self] = ["push"]
  }
}
