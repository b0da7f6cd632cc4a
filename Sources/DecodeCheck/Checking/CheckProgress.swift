/// What a run of the checker tells as it goes: one call for each input it finished, with the
/// variants auditing it decoded (0 when the run does not audit).
///
/// The command's `ProgressLine` draws it on a terminal; the checker knows only this, so the
/// checking engine does not depend on the command line.
protocol CheckProgress: Sendable {
  func advance(variants audited: Int)
}
