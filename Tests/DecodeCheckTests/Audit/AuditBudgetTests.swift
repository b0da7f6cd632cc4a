import Testing

@testable import DecodeCheck

@Suite struct AuditBudgetTests {
  @Test(arguments: [
    (5, 3, [0, 1, 2]),
    (5, 5, [0, 1, 2, 3, 4]),
    (5, 100, [0, 1, 2, 51, 99]),
    (5, 6, [0, 1, 2, 4, 5]),
    (1, 100, [0]),
    (4, 10, [0, 1, 2, 9]),
  ])
  func theFirstPlacesThenASampleOfTheRest(perField: Int, count: Int, chosen: [Int]) {
    #expect(AuditBudget(placesPerField: perField).sampledPlaces(of: count) == chosen)
  }

  @Test func valuesBelowOneCountAsOne() {
    let budget = AuditBudget(placesPerField: 0, placesPerFile: -3)
    #expect(budget.placesPerField == 1 && budget.placesPerFile == 1)
    #expect(AuditBudget.standard == AuditBudget(placesPerField: 5, placesPerFile: 1_000))
  }
}
