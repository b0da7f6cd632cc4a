import CodableResilience
import DecodeCheck
import Foundation

// Issue 41: the audit's cost grows with a payload's field patterns, not its places. GitHub's
// 581 KB events fixture took 20 of an audit's 32 s: up to 1,000 places, each a full decode.

extension Scenario {
  /// The standard audit of one array of events, every question asked (new values, keys left
  /// out, new variants of the tagged events), against a plain check of the same payload: at
  /// most 10x, whatever the number of events, since each field is asked at a few places and
  /// each variant decodes only the event it changes.
  static let decodeCheckAuditEvents = Scenario(
    name: "decode-check-audit-events",
    candidate: "audit of an array of events, every question, standard budget",
    baseline: "PayloadChecker.check of the same array",
    target: 10.0
  ) { records in
    let payload = AuditEvents.payload(count: records)
    let model = RegisteredModel([AuditEvents.Event].self)
    let checker = PayloadChecker()
    return try Comparison(
      candidate: Side(byteCount: payload.count) {
        checker.audit(payload, as: model, maximumConcurrency: 1)
      },
      baseline: Side(byteCount: payload.count) { checker.check(payload, as: model) }
    ) { audited, checked in
      guard checked.outcome == .decoded, let audit = AuditReport(audited),
        audit.brittle.map(\.path) == ["$[*].payload.issue.state"],
        audit.fields(.resilient).contains(where: { $0.path == "$[*]" })
      else {
        throw ComparisonError(
          description: "the audit did not find the events' one brittle field and their "
            + "resilient variants")
      }
    }
  }
}

/// Events of a code-hosting service's activity feed, as GitHub's `/events` sends them: a
/// type tag, an actor, a repository, and a payload whose members depend on the type.
enum AuditEvents {
  struct Event: Decodable {
    var id: String
    var type: EventType
    var createdAt: String
    var isPublic: Bool
    var actor: Account
    var repo: Repository
    var org: Account?
    var payload: Payload

    enum CodingKeys: String, CodingKey {
      case id, type, actor, repo, org, payload
      case createdAt = "created_at"
      case isPublic = "public"
    }
  }

  enum EventType: String, UnknownDecodable {
    case push = "PushEvent"
    case issues = "IssuesEvent"
    case watch = "WatchEvent"
    case fork = "ForkEvent"
    case unknown
  }

  struct Account: Decodable {
    var id: Int
    var login: String
    var avatarURL: String

    enum CodingKeys: String, CodingKey {
      case id, login
      case avatarURL = "avatar_url"
    }
  }

  struct Repository: Decodable {
    var id: Int
    var name: String
    var url: String
  }

  struct Payload: Decodable {
    var ref: String?
    var size: Int?
    var commits: [Commit]?
    var action: String?
    var issue: Issue?
    var forkee: Repository?
  }

  struct Commit: Decodable {
    var sha: String
    var message: String
    var distinct: Bool
  }

  struct Issue: Decodable {
    var number: Int
    var title: String
    /// A plain enum: the audit's one brittle field.
    var state: Openness
  }

  enum Openness: String, Decodable {
    case open, closed
  }

  /// `count` events, the four types by turns, one in three with an organization.
  static func payload(count: Int) -> Data {
    let types = ["PushEvent", "IssuesEvent", "WatchEvent", "ForkEvent"]
    var events: [String] = []
    for index in 0..<count {
      let type = types[index % types.count]
      let payload: String
      switch type {
      case "PushEvent":
        let commits = (0..<(1 + index % 3)).map { commit in
          #"{"sha": "\#(String(format: "%040x", index * 7 + commit))", "message": "Fix #\#(index) part \#(commit)", "distinct": true}"#
        }
        payload =
          #"{"ref": "refs/heads/main", "size": \#(commits.count), "commits": [\#(commits.joined(separator: ", "))]}"#
      case "IssuesEvent":
        payload =
          #"{"action": "opened", "issue": {"number": \#(index), "title": "Crash \#(index)", "state": "\#(index % 8 == 1 ? "open" : "closed")"}}"#
      case "WatchEvent":
        payload = #"{"action": "started"}"#
      default:
        payload =
          #"{"forkee": {"id": \#(90_000 + index), "name": "fork\#(index)/app", "url": "https://api.example.com/repos/fork\#(index)/app"}}"#
      }
      let org =
        index % 3 == 0
        ? #", "org": {"id": \#(700 + index % 5), "login": "org\#(index % 5)", "avatar_url": "https://avatars.example.com/o/\#(index % 5)"}"#
        : ""
      events.append(
        #"{"id": "\#(30_000_000 + index)", "type": "\#(type)", "created_at": "2025-05-02T09:\#(String(format: "%02d", index % 60)):00Z", "public": true, "actor": {"id": \#(1_000 + index % 97), "login": "user\#(index % 97)", "avatar_url": "https://avatars.example.com/u/\#(index % 97)"}, "repo": {"id": \#(5_000 + index % 41), "name": "team/repo\#(index % 41)", "url": "https://api.example.com/repos/team/repo\#(index % 41)"}\#(org), "payload": \#(payload)}"#
      )
    }
    return Data(("[\n" + events.joined(separator: ",\n") + "\n]\n").utf8)
  }
}
