import Testing

@testable import DecodeCheck

/// Which captured keys `--record` keeps as field names (and lists in `kept-keys.txt`): the
/// keys a model's fields are spelled with, never a key that carries an id, a token or a
/// person's name.
struct KeyNameTests {
  @Test(arguments: [
    "id", "created_at", "_links", "avatarStatic", "reblogs_count", "html-url", "v2", "o.auth",
    "field1234",
  ])
  func aFieldsSpellingIsAName(_ key: String) {
    #expect(StringForm.looksLikeName(key))
  }

  @Test(arguments: [
    "", "Ines", "ines.", ".hidden", "user 7", "ines@example.org", "account12345",
    "0b9c6a4e-2f1d-4c3b-9a8e-7d6f5e4c3b2a", "d0b9c6a4-2f1d-4c3b-9a8e-7d6f5e4c3b2a",
    "deadbeefdeadbeefcafe", "sk_liveAB12CD34EF56GH",
    String(repeating: "a", count: 49),
  ])
  func anIdATokenOrAPersonIsNot(_ key: String) {
    #expect(!StringForm.looksLikeName(key))
  }
}
