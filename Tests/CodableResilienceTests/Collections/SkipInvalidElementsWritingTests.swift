import CodableResilience
import Foundation
import Testing

// What `@SkipInvalidElements` writes back after the app edits the collection (issue 22): the
// current elements, then the elements left out in the order they were read (for a dictionary,
// beside the current entries, a current entry winning over a kept one of the same key), the
// same rule as `@SkipUnknownElements`. Unmodified, it writes what it read: the agreement tests
// check that for every subject and sample.

/// A model with every form of the wrapper over `Reservation` (from the position tests).
private struct Stay: Codable {
  @SkipInvalidElements var reservations: [Reservation]
  @SkipInvalidElements var favourites: Set<Reservation>
  @SkipInvalidElements var byGuest: [String: Reservation]
  @SkipInvalidElements var waitlist: [Reservation]?
  @SkipInvalidElements var archive: [String: Reservation]?
}

private let stay = #"""
  {"reservations": [{"id": 1, "room": "single", "guests": 1}, {"id": 2},
                    {"id": 3, "room": "double", "guests": 2}, null],
   "favourites": [{"id": 1, "room": "single", "guests": 1}, "x"],
   "byGuest": {"ann": {"id": 1, "room": "single", "guests": 1}, "bob": {"id": "2"}},
   "waitlist": null}
  """#

private let first = Reservation(id: 1, room: .single, guests: 1)
private let third = Reservation(id: 3, room: .double, guests: 2)
private let added = Reservation(id: 9, room: "suite", guests: 4)

private let firstJSON: JSONValue = ["id": 1, "room": "single", "guests": 1]
private let thirdJSON: JSONValue = ["id": 3, "room": "double", "guests": 2]
private let addedJSON: JSONValue = ["id": 9, "room": "suite", "guests": 4]

/// An edit the app makes, and the members it then expects written (the others as read).
struct StayEdit: Sendable, CustomTestStringConvertible {
  let testDescription: String
  fileprivate let edit: @Sendable (inout Stay) -> Void
  /// Members of the written object; `nil` for a member that must not be written.
  let written: [String: JSONValue?]
}

private let edits = [
  StayEdit(
    testDescription: "appended: the current elements, then those left out, in order",
    edit: { $0.reservations.append(added) },
    written: ["reservations": [firstJSON, thirdJSON, addedJSON, ["id": 2], nil]]),
  StayEdit(
    testDescription: "changed in place",
    edit: { $0.reservations[1].guests = 3 },
    written: [
      "reservations": [
        firstJSON, ["id": 3, "room": "double", "guests": 3], ["id": 2], nil,
      ]
    ]),
  StayEdit(
    testDescription: "assigned, even the same elements",
    edit: { $0.reservations = $0.reservations },
    written: ["reservations": [firstJSON, thirdJSON, ["id": 2], nil]]),
  StayEdit(
    testDescription: "elements left out forgotten: only the current elements",
    edit: { $0.$reservations.removeInvalidElements() },
    written: ["reservations": [firstJSON, thirdJSON]]),
  StayEdit(
    testDescription: "all removed: those left out stay",
    edit: { $0.reservations.removeAll() },
    written: ["reservations": [["id": 2], nil]]),
  StayEdit(
    testDescription: "a set: its elements, then those left out",
    edit: { $0.favourites.insert(added) },
    written: ["favourites": [firstJSON, addedJSON, "x"]]),
  StayEdit(
    testDescription: "a dictionary: a current entry wins over a kept one of the same key",
    edit: { $0.byGuest["bob"] = added },
    written: ["byGuest": ["ann": firstJSON, "bob": addedJSON]]),
  StayEdit(
    testDescription: "a dictionary: a new key beside the kept entries",
    edit: { $0.byGuest["cy"] = added },
    written: ["byGuest": ["ann": firstJSON, "bob": ["id": "2"], "cy": addedJSON]]),
  StayEdit(
    testDescription: "an optional read as null and assigned",
    edit: { $0.waitlist = [added] },
    written: ["waitlist": [addedJSON]]),
  StayEdit(
    testDescription: "an optional read as null and assigned nil: no key",
    edit: { $0.waitlist = nil },
    written: ["waitlist": .none]),
  StayEdit(
    testDescription: "an optional that was missing and is assigned",
    edit: { $0.archive = ["ann": first] },
    written: ["archive": ["ann": firstJSON]]),
]

/// The members of `stay` as read, for the edits to change.
private func readMembers() throws -> [String: JSONValue] {
  guard case .object(let members) = try JSONValue(parsing: stay) else { return [:] }
  return members
}

@Suite("SkipInvalidElements, written back after an edit")
struct SkipInvalidElementsWritingTests {
  @Test("unmodified: exactly what was read, null and missing included")
  func unmodified() throws {
    let value = try JSONDecoder().decode(Stay.self, from: Data(stay.utf8))
    #expect(try encodedJSON(value) == (try JSONValue(parsing: stay)))
  }

  @Test(arguments: edits)
  func edited(_ edit: StayEdit) throws {
    var value = try JSONDecoder().decode(Stay.self, from: Data(stay.utf8))
    edit.edit(&value)
    var expected = try readMembers()
    for (member, json) in edit.written {
      expected[member] = json
    }
    var written = try encodedJSON(value)
    if case .object(var members) = written, case .array(let favourites)? = members["favourites"] {
      // A set writes its elements in its own order; those left out follow them.
      let left = favourites.suffix(value.$favourites.invalidElements.count)
      let current = favourites.dropLast(left.count).sorted { $0.description < $1.description }
      members["favourites"] = .array(current + left)
      written = .object(members)
    }
    #expect(written == .object(expected))
  }

  @Test("the same rule as @SkipUnknownElements, edit for edit", arguments: 0..<5)
  func sameRuleAsSkipUnknownElements(_ editIndex: Int) throws {
    struct Fares: Codable {
      @SkipUnknownElements var unknownLeftOut: [Fare]
      @SkipInvalidElements var invalidLeftOut: [Fare]
    }
    let text = #"""
      {"unknownLeftOut": ["economy", "castle", "business", "tram"],
       "invalidLeftOut": ["economy", 7, "business", null]}
      """#
    var fares = try JSONDecoder().decode(Fares.self, from: Data(text.utf8))
    let edits: [(inout [Fare]) -> Void] = [
      { $0.append(.firstClass) }, { $0.insert(.firstClass, at: 0) }, { _ = $0.removeFirst() },
      { $0 = [.business] }, { $0[0] = .firstClass },
    ]
    edits[editIndex](&fares.unknownLeftOut)
    edits[editIndex](&fares.invalidLeftOut)
    let written = try encodedJSON(fares)
    // Each wrapper's own values left out, replaced by their order among them.
    let placed = { (member: String, leftOut: [JSONValue]) -> [String] in
      guard case .array(let elements)? = written[member] else { return [] }
      return elements.map { element in
        leftOut.firstIndex(of: element).map { "left out \($0)" } ?? element.description
      }
    }
    #expect(placed("unknownLeftOut", ["castle", "tram"]) == placed("invalidLeftOut", [7, nil]))
    #expect(placed("invalidLeftOut", [7, nil]).suffix(2) == ["left out 0", "left out 1"])
  }

  @Test("nested inside another collection: each wrapper writes its own as read, or edited")
  func nested() throws {
    struct Floors: Codable {
      var floors: [SkipInvalidElements<[Reservation]>]
    }
    let text = #"{"floors": [[{"id": 1}, {"id": 3, "room": "double", "guests": 2}], [7]]}"#
    var floors = try JSONDecoder().decode(Floors.self, from: Data(text.utf8))
    #expect(floors.floors.map(\.wrappedValue) == [[third], []])
    #expect(try encodedJSON(floors) == (try JSONValue(parsing: text)))
    floors.floors[1].wrappedValue.append(added)
    #expect(
      try encodedJSON(floors) == [
        "floors": [[["id": 1], thirdJSON], [addedJSON, 7]]
      ])
  }
  @Test("the encoder's strategies apply to what is written back, as for a plain collection")
  func encoderStrategies() throws {
    struct Diary: Codable {
      @SkipInvalidElements var days: [Date]
      @SkipInvalidElements var holidays: Set<Date>
      @SkipInvalidElements var byName: [String: Date]
      @SkipInvalidElements var maybe: [Date]?
    }
    let day = #""2020-01-01T00:00:00Z""#
    let text = """
      {"days": [\(day), 5, \(day)], "holidays": [\(day), 5], "byName": {"a": \(day), "b": 5},
       "maybe": [5, \(day)]}
      """
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    var diary = try decoder.decode(Diary.self, from: Data(text.utf8))
    #expect(diary.days.count == 2 && diary.holidays.count == 1 && diary.maybe?.count == 1)
    // Unmodified: every member exactly as read, the dates in the encoder's format.
    #expect(try JSONValue(data: encoder.encode(diary)) == (try JSONValue(parsing: text)))
    // Edited: the current elements, then those left out; still the encoder's format.
    diary.days.removeLast()
    diary.holidays = diary.holidays
    diary.maybe = diary.maybe
    let edited = try JSONValue(data: encoder.encode(diary))
    let date = try JSONValue(parsing: day)
    #expect(edited["days"] == [date, 5])
    #expect(edited["holidays"] == [date, 5])
    #expect(edited["maybe"] == [date, 5])
  }
}
