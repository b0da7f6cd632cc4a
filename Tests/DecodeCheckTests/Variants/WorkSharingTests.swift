import Foundation
import Testing

@testable import DecodeCheck

@Suite struct WorkSharingTests {
  /// However many threads share the work, each index is transformed once and the results
  /// come back in index order.
  @Test(arguments: [1, 2, 4, 64])
  func concurrentMapKeepsIndexOrder(_ threads: Int) {
    let calls = InputCounter()
    let results = concurrentMap(count: 200, maximumConcurrency: threads) { index in
      _ = calls.take(below: .max)
      return index * 3
    }
    #expect(results == (0..<200).map { $0 * 3 })
    #expect(calls.count == 200)
    #expect(concurrentMap(count: 0, maximumConcurrency: threads) { $0 }.isEmpty)
  }
}
