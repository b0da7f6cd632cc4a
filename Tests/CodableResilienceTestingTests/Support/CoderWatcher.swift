import Foundation

/// Uses a decoder and an encoder on a thread of its own, as another test running in parallel
/// would, and records every time they behave other than as configured: a payload with an
/// unknown value fails to decode (a strict handler was installed), or the encoder's output
/// formatting changed.
final class CoderWatcher: @unchecked Sendable {
  // `@unchecked` because `checks`, `changes` and `stopped` are only touched under `lock`.
  private let lock = NSLock()
  private var checks = 0
  private var changes: [String] = []
  private var stopped = false
  private let firstCheck = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let decoder: JSONDecoder
  private let encoder: JSONEncoder

  init(decoder: JSONDecoder, encoder: JSONEncoder) {
    self.decoder = decoder
    self.encoder = encoder
  }

  /// Starts the thread and returns the number of checks made when its first one is done.
  func start() -> Int {
    let thread = Thread { [self] in
      var signalled = false
      while !lock.withLock({ stopped }) {
        let change = check()
        lock.withLock {
          checks += 1
          if let change { changes.append(change) }
        }
        if !signalled {
          firstCheck.signal()
          signalled = true
        }
      }
      finished.signal()
    }
    thread.start()
    firstCheck.wait()
    return lock.withLock { checks }
  }

  /// Stops the thread and returns how many checks it made and what changed in them.
  func stop() -> (checks: Int, changes: [String]) {
    lock.withLock { stopped = true }
    finished.wait()
    return lock.withLock { (checks, changes) }
  }

  private func check() -> String? {
    let payload = Data(#"{"name": "Puff", "species": "dragon"}"#.utf8)
    do {
      let pet = try decoder.decode(Pet.self, from: payload)
      if pet.species != .unknown { return "decoded \(pet.species)" }
    } catch {
      return "decoding threw \(error)"
    }
    if encoder.outputFormatting != [] { return "output formatting \(encoder.outputFormatting)" }
    return nil
  }
}
