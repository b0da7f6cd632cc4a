import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

@Suite struct ProbeEngineTests {
  private let booking = Data(Payloads.cleanBooking.utf8)

  /// Probes answered on several threads come back in order, each with its own reports.
  @Test func answersComeInOrder() throws {
    let outline = try #require(JSONDocument(booking))
    let state = try #require(outline.node(at: "$.state"))
    let probes = (0..<200).map { number in
      Probe(purpose: number) { outline.variant(replacing: state, with: "\"state_\(number)\"") }
    }
    let engine = ProbeEngine(
      VariantDecoder(RegisteredModel(Booking.self)), base: [], maximumConcurrency: 4)
    let answers = engine.answers(probes) { number, answer in
      (number, answer.reports.map(\.unknownValue.rawValue))
    }
    #expect(answers.map(\.0) == Array(0..<200))
    #expect(answers.map(\.1) == (0..<200).map { ["state_\($0)"] })
  }

  /// Variants are made and decoded as a stream: no more are alive at once than are decoded
  /// at once, whatever their number, so memory does not grow with the budget.
  @Test(arguments: [1, 2, 4])
  func noMoreVariantsLiveAtOnceThanAreDecodedAtOnce(threads: Int) throws {
    let outline = try #require(JSONDocument(booking))
    let state = try #require(outline.node(at: "$.state"))
    let live = LiveCount()
    let probes = (0..<100).map { number in
      Probe(purpose: number) {
        live.enter()
        return outline.variant(replacing: state, with: "\"state_\(number)\"")
      }
    }
    let engine = ProbeEngine(
      VariantDecoder(RegisteredModel(Booking.self)), base: [], maximumConcurrency: threads)
    let answers = engine.answers(probes) { _, answer in
      live.leave()
      return answer.verdict
    }
    #expect(answers.count == 100)
    #expect(answers.allSatisfy { $0 == .resilient })
    #expect(live.most <= threads)
  }

  /// What the payload reported as it was is taken away: only what a variant adds is left.
  @Test func theBasePayloadsReportsAreSubtracted() throws {
    let data = Data(Payloads.bookingWithUnknownValues.utf8)
    let decoder = VariantDecoder(RegisteredModel(Booking.self))
    let base = decoder.outcome(of: data).reports
    #expect(!base.isEmpty)
    let engine = ProbeEngine(decoder, base: base, maximumConcurrency: 1)
    #expect(engine.answer(data).reports.isEmpty)
    #expect(engine.answer(data).verdict == .open)
    let outline = try #require(JSONDocument(data))
    let id = try #require(outline.node(at: "$.id"))
    let changed = engine.answer(outline.variant(replacing: id, with: #""b-9""#))
    #expect(changed.reports.isEmpty)
    let plain = ProbeEngine(decoder, base: [], maximumConcurrency: 1).answer(data)
    #expect(plain.reports.count == base.count)
    #expect(plain.verdict == .resilient)
  }

  /// A variant that does not decode is brittle, with its failure.
  @Test func aFailureIsBrittle() throws {
    let outline = try #require(JSONDocument(booking))
    let state = try #require(outline.node(at: "$.state"))
    let engine = ProbeEngine(
      VariantDecoder(RegisteredModel(Booking.self)), base: [], maximumConcurrency: 1)
    let answer = engine.answer(outline.variant(replacing: state, with: "42"))
    #expect(answer.verdict == .brittle)
    #expect(answer.failure?.jsonPath == "$.state")
  }

  @Test func aBudgetOfNMakesAtMostN() {
    var budget = VariantBudget(limit: 2)
    let taken = (0..<3).map { _ in budget.take() }
    #expect(taken == [true, true, false])
    budget.leaveOut(3)
    #expect(budget.spent == 2)
    #expect(budget.leftOut == 4)
    #expect(!VariantBudget(limit: -1).hasRoom)
  }

  @Test func threadsAreSplitBetweenItemsAndVariants() {
    func split(_ items: Int, _ threads: Int) -> [Int] {
      let split = ConcurrencySplit(items: items, threads: threads)
      return [split.itemsAtOnce, split.variantsAtOnce]
    }
    #expect(split(1, 4) == [1, 4])
    #expect(split(2, 4) == [2, 2])
    #expect(split(9, 4) == [4, 1])
    #expect(split(0, 0) == [1, 1])
  }

  /// One roll-up for a payload, the lines of a file and a schema's payloads.
  @Test func findingsRollUpToOneOutcome() {
    func finding(_ kind: Finding.Kind) -> Finding {
      Finding(severity: .warning, kind: kind, message: "")
    }
    #expect(FileReport.Outcome(decoded: true, findings: []) == .decoded)
    #expect(FileReport.Outcome(decoded: false, findings: []) == .failed)
    #expect(
      FileReport.Outcome(decoded: true, findings: [finding(.renamedValue)]) == .decoded)
    #expect(
      FileReport.Outcome(decoded: true, findings: [finding(.unknownValue)])
        == .decodedWithUnknownValues)
    #expect(
      FileReport.Outcome(
        decoded: true, findings: [finding(.unknownValue), finding(.invalidElement)])
        == .decodedWithElementsLeftOut)
    #expect(
      FileReport.Outcome(
        decoded: true, findings: [finding(.invalidElement), finding(.decodingFailure)])
        == .failed)
  }
}

/// How many variants are alive, and the most that were at once.
private final class LiveCount: @unchecked Sendable {
  // `@unchecked` because every access holds `lock`.
  private let lock = NSLock()
  private var now = 0
  private var peak = 0

  func enter() {
    lock.withLock {
      now += 1
      peak = max(peak, now)
    }
  }

  func leave() {
    lock.withLock { now -= 1 }
  }

  var most: Int { lock.withLock { peak } }
}
