import Testing

@testable import DecodeCheck

@Suite struct WorkingDirectoryTests {
  @Test(arguments: [
    ("Fixtures/Booking/v1.json", "Fixtures/Booking/v1.json"),
    ("./Fixtures/v1.json", "Fixtures/v1.json"),
    ("Fixtures//v1.json", "Fixtures/v1.json"),
    ("Fixtures/../Other/v1.json", "Other/v1.json"),
    ("/work/repo/Fixtures/v1.json", "Fixtures/v1.json"),
    ("/work/repo/./Fixtures/v1.json", "Fixtures/v1.json"),
    ("/work/other/v1.json", "/work/other/v1.json"),
    ("/work/repository/v1.json", "/work/repository/v1.json"),
    ("../other/v1.json", "/work/other/v1.json"),
    (".hidden/v1.json", ".hidden/v1.json"),
    ("-", "-"),
  ])
  func pathsAreNamedRelativeToTheWorkingFolder(shown: String, relative: String) {
    #expect(WorkingDirectory("/work/repo/").relative(shown) == relative)
  }
}
