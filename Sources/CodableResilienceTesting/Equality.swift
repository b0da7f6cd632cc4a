// Beside the kit's root, below its folders: the fixtures and the fuzzer's invariants both
// compare decoded values, and the fuzzer's harness compiles the invariants on their own.

/// Whether `other` is a `Value` equal to `value`.
func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
  (other as? Value) == value
}
