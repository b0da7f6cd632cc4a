import CodableResilience
import Foundation

// App models checked against OpenAPI documents in the tests of `--openapi`: each written as an
// app writes it, some brittle on purpose (a plain enum, a non-optional property, a `Date` read
// with the default strategy), each beside its tolerant twin.

/// A content filter whose action is a plain enum: an action the server adds breaks it.
struct Filter: Decodable, Sendable {
  var id: String
  var action: Action

  enum Action: String, Decodable, Sendable {
    case hide
    case warn
  }

  enum CodingKeys: String, CodingKey {
    case id
    case action = "filter_action"
  }
}

/// The filter's action with an `unknown` case: a new action is reported, not fatal.
enum FilterAction: String, Decodable, UnknownDecodable, Sendable {
  case hide
  case warn
  case unknown
}

/// ``Filter`` with the toolkit.
struct TolerantFilter: Decodable, Sendable {
  var id: String
  var action: FilterAction

  enum CodingKeys: String, CodingKey {
    case id
    case action = "filter_action"
  }
}

/// Filters at every kind of place an `enum` can be reached: array items, a dictionary's
/// values, an `allOf`.
struct FilterCatalog: Decodable, Sendable {
  var filters: [TolerantFilter]
  var byName: [String: FilterAction]
  var main: TolerantFilter

  enum CodingKeys: String, CodingKey {
    case filters
    case byName = "by_name"
    case main
  }
}

/// A quote that requires every field the spec lets the server leave out or send as `null`.
struct Quote: Decodable, Sendable {
  var id: String
  var state: String
  var note: String
}

/// ``Quote`` as the spec describes it: optional where it may be missing or `null`.
struct TolerantQuote: Decodable, Sendable {
  var id: String
  var state: String?
  var note: String?
}

/// An event whose timestamp is a `Date`, read with whatever strategy the app's decoder has.
struct Stamp: Decodable, Sendable {
  var at: Date
}

/// A counter stored in 32 bits.
struct SmallCounter: Decodable, Sendable {
  var count: Int32
}

/// A counter stored in 64 bits.
struct Counter: Decodable, Sendable {
  var count: Int64
}

/// An amount read as a whole number.
struct WholeAmount: Decodable, Sendable {
  var amount: Int
}

/// A shipment the app decodes with `.convertFromSnakeCase`.
struct ParcelLabel: Decodable, Sendable {
  var trackingNumber: String
  var weightKilograms: Double
}

/// An activity tagged by `type`, with the toolkit: a new type is kept and reported.
enum Activity: TaggedUnion, Decodable, Sendable {
  case created(Created)
  case deleted(Deleted)
  case unknown(UnknownVariant)

  static let knownTags = ["created", "deleted"]

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "created": self = .created(try Created(from: decoder))
    case "deleted": self = .deleted(try Deleted(from: decoder))
    default: return nil
    }
  }

  struct Created: Decodable, Sendable {
    var by: String
  }

  struct Deleted: Decodable, Sendable {
    var reason: String
  }
}

/// The same activity decoded by hand, as apps without the toolkit do: a new type throws.
enum BrittleActivity: Decodable, Sendable {
  case created(Activity.Created)
  case deleted(Activity.Deleted)

  private enum CodingKeys: String, CodingKey {
    case type
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .type) {
    case "created": self = .created(try Activity.Created(from: decoder))
    case "deleted": self = .deleted(try Activity.Deleted(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "unknown activity type")
    }
  }
}

/// A tree of categories, each holding its children.
struct Category: Decodable, Sendable {
  var name: String
  var children: [Category]
  var parent: String?
}

/// Any decodable value, for documents that are only read.
struct Anything: Decodable, Sendable {
  init(from decoder: any Decoder) throws {}
}

/// An event whose optional timestamp is a `Date`, and whose kind is a plain enum.
struct Happening: Decodable, Sendable {
  var at: Date?
  var kind: Kind

  enum Kind: String, Decodable, Sendable {
    case opened
    case closed
  }
}

/// A holder of a note whose text the app reads through a super decoder: a key the payload
/// does not have fails at a path past the end of the payload.
struct Annotated: Decodable, Sendable {
  var note: Note?

  struct Note: Decodable, Sendable {
    var text: String

    enum CodingKeys: String, CodingKey {
      case text
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      text = try container.superDecoder(forKey: .text).singleValueContainer().decode(String.self)
    }
  }
}
