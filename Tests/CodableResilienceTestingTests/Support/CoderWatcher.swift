import Foundation

/// Uses a decoder and an encoder on a thread of its own, as another test running in parallel
/// would, and records every time they behave other than as configured: a payload with an
/// unknown value fails to decode (a strict handler was installed), or the encoder's output
/// formatting changed.
///
/// That it ran while the code under test did is proved by a handshake, not by timing: the
/// code under test calls ``meetOnce()`` from inside its work (a model's `init(from:)` the
/// fuzzer runs), which returns only after the watcher has made a whole check that started
/// after the call, so that check saw the coders while the work was under way.
final class CoderWatcher: @unchecked Sendable {
  // `@unchecked` because the counters and flags are only touched under `lock`.
  private let lock = NSLock()
  private var checks = 0
  private var changes: [String] = []
  private var stopped = false
  /// Whether the work asked for a check (``meetOnce()``), and whether one answered it.
  private var asked = false
  private var answered = false
  private var met: Bool?
  private let checkedWhileAsked = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let decoder: JSONDecoder
  private let encoder: JSONEncoder

  init(decoder: JSONDecoder, encoder: JSONEncoder) {
    self.decoder = decoder
    self.encoder = encoder
  }

  /// Starts the thread.
  func start() {
    let thread = Thread { [self] in
      while !lock.withLock({ stopped }) {
        // Read before the check starts: a check that answers began after the ask.
        let answers = lock.withLock { asked && !answered }
        let change = check()
        lock.withLock {
          checks += 1
          if let change { changes.append(change) }
          if answers { answered = true }
        }
        if answers { checkedWhileAsked.signal() }
      }
      finished.signal()
    }
    thread.start()
  }

  /// From inside the work, once: waits until the watcher has made a whole check that started
  /// after this call. (The time limit only keeps a broken watcher from hanging the test; it
  /// is not what proves anything.)
  func meetOnce() {
    let first = lock.withLock {
      guard met == nil else { return false }
      met = false
      asked = true
      return true
    }
    guard first else { return }
    let didMeet = checkedWhileAsked.wait(timeout: .now() + 120) == .success
    lock.withLock { met = didMeet }
  }

  /// Whether a whole check ran while the work waited in ``meetOnce()``; `nil` when the work
  /// never called it.
  var metWhileWorking: Bool? { lock.withLock { met } }

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

extension CodingUserInfoKey {
  /// The watcher a model's `init(from:)` meets from inside the work under test.
  static let coderWatcher = CodingUserInfoKey(rawValue: "CoderWatcher.meet")!
}

/// A pet whose `init(from:)` meets the decoder's ``CoderWatcher`` the first time it decodes:
/// the fuzzer's own decodes hold it until the watcher has checked the app's coders.
struct PetMeetingTheWatcher: Codable, Equatable {
  var pet: Pet

  init(from decoder: any Decoder) throws {
    pet = try Pet(from: decoder)
    (decoder.userInfo[.coderWatcher] as? CoderWatcher)?.meetOnce()
  }

  func encode(to encoder: any Encoder) throws {
    try pet.encode(to: encoder)
  }
}
