import DecodeCheck
import Foundation
import SampleAPI

// Issue 42: recording a capture whose payloads mostly repeat a shape costs at most 3x the plain
// check of it, and what a capture of all-distinct shapes costs is stated.

extension Scenario {
  /// `--record` of a HAR archive of bookings in 39 shapes (state, channel and currency vary;
  /// ids, names and amounts differ in every payload), against a plain check of it: the
  /// shapes seen before take their decisions by field, so each repeat costs about a decode.
  static let decodeCheckRecordRepeatedShapes = recording(
    name: "decode-check-record-repeated-shapes",
    candidate: "command, --record of 39 shapes (redacting)", target: 3.0, distinct: false)

  /// The same, every payload of a shape of its own (each holds a state no other holds, which
  /// the recorder keeps, the rest as above): what a capture of all-distinct shapes costs.
  static let decodeCheckRecordDistinctShapes = recording(
    name: "decode-check-record-distinct-shapes",
    candidate: "command, --record of all-distinct shapes (redacting)", target: 6.0,
    distinct: true)

  private static func recording(
    name: String, candidate: String, target: Double, distinct: Bool
  ) -> Scenario {
    Scenario(name: name, candidate: candidate, baseline: "command alone", target: target) {
      records in
      let (archive, routes, byteCount) = try BenchmarkFolder.bookingCapture(
        payloads: records, distinct: distinct)
      let registry = ModelRegistry(registering: Booking.self)
      let common = ["--jobs", "1", "--routes", routes.path, archive.path]
      var runs = 0
      func run(_ extra: @escaping () -> [String]) -> Side<Int32> {
        Side(byteCount: byteCount) {
          DecodeCheckCommand.main(
            arguments: extra() + common, registry: registry, name: "decode-check",
            environment: [:], standardOutput: TextStream { _ in },
            standardError: TextStream { _ in })
        }
      }
      let output = archive.deletingLastPathComponent().appendingPathComponent("recorded")
      return try Comparison(
        candidate: run {
          runs += 1
          let into = output.appendingPathComponent("run-\(runs)")
          try? FileManager.default.removeItem(at: into)
          return ["--record", into.path]
        },
        baseline: run { [] }
      ) { recorded, checked in
        guard recorded == 0, checked == 0 else {
          throw ComparisonError(description: "the runs did not record and check the capture")
        }
      }
    }
  }
}

extension BenchmarkFolder {
  /// A HAR archive of `payloads` bookings and its routes file, and the bodies' bytes. The
  /// shape of the `n`th is one of 39 (or, `distinct`, its own); ids, names and amounts differ.
  static func bookingCapture(payloads: Int, distinct: Bool) throws -> (URL, URL, Int) {
    let folder = try emptyFolder(named: "capture-\(payloads)-\(distinct ? "distinct" : "shapes")")
    let states = ["requested", "confirmed", "cancelled", "completed"]
    let channels = ["\"web\"", "\"app\"", "\"partner\"", "null"]
    let currencies = ["EUR", "USD", "GBP"]
    var entries: [[String: Any]] = []
    var byteCount = 0
    for index in 0..<payloads {
      let shape = index % 39
      let state = distinct ? "state_\(index)" : states[shape % 4]
      let body = """
        {"id": "HB-\(20_000 + index)", "listing_id": \(40_000 + index * 7), "state": "\(state)",
         "channel": \(channels[shape / 4 % 4]),
         "guests": [{"name": "Guest \(index)", "age_group": 1}, {"name": "Ines \(index % 97)", "age_group": 2}],
         "total": {"amount": \(100 + index % 500).5, "currency": "\(currencies[shape / 16 % 3])"}}
        """
      byteCount += body.utf8.count
      entries.append([
        "request": ["method": "GET", "url": "https://api.example.com/api/v2/bookings/HB-\(index)"],
        "response": ["status": 200, "content": ["mimeType": "application/json", "text": body]],
      ])
    }
    let archive = folder.appendingPathComponent("capture.har")
    try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": entries]])
      .write(to: archive)
    let routes = folder.appendingPathComponent("routes.json")
    try Data(#"{ "routes": [ { "url": "*/api/v2/bookings/*", "type": "Booking" } ] }"#.utf8)
      .write(to: routes)
    return (archive, routes, byteCount)
  }
}
