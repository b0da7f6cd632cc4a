import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a file with one `open`, `fstat` and `read`, mapping large files into memory instead,
/// so a huge file costs address space rather than RAM.
func readFile(atPath path: String) throws -> Data {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { throw POSIXError.current }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0 else { throw POSIXError.current }
  guard status.st_mode & S_IFMT != S_IFDIR else { throw POSIXError(.EISDIR) }
  let size = Int(status.st_size)
  if size >= 1 << 20 {
    return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
  }
  // Files such as those under /proc report a size of 0 and still hold bytes: read to the end.
  // One byte more than the size, so the read that finds the end needs no bigger buffer.
  var data = Data(count: size > 0 ? size + 1 : 4096)
  var length = 0
  while true {
    if length == data.count { data.count *= 2 }
    let read = data.withUnsafeMutableBytes { buffer in
      Foundation.read(descriptor, buffer.baseAddress! + length, buffer.count - length)
    }
    if read < 0 {
      if errno == EINTR { continue }
      throw POSIXError.current
    }
    if read == 0 { break }
    length += read
  }
  data.count = length
  return data
}

extension POSIXError {
  /// The error `errno` holds now.
  fileprivate static var current: POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}

/// The reason a file could not be read, in a few words: "permission denied".
func describeReadError(_ error: any Error) -> String {
  if let error = error as? POSIXError {
    return String(cString: strerror(error.code.rawValue)).lowercased()
  }
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    return String(cString: strerror(Int32(underlying.code))).lowercased()
  }
  switch CocoaError.Code(rawValue: nsError.code) {
  case .fileReadNoSuchFile: return "no such file"
  case .fileReadNoPermission: return "permission denied"
  case .fileReadTooLarge: return "the file is too large to read"
  default: return nsError.localizedDescription
  }
}
