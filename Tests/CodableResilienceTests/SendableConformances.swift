import CodableResilience

// Compile-time checks: this file stops building if a public type loses its `Sendable`
// conformance. They replace tests that sent a value to another task, which could only fail
// by not compiling.

private func requireSendable<T: Sendable>(_: T.Type) {}

private func observabilityTypesAreSendable() {
  requireSendable(UnknownValue.self)
  requireSendable(UnknownValue.PathComponent.self)
  requireSendable(UnknownValueHandler.self)
  requireSendable(UnknownValueError.self)
  requireSendable(UnknownValueCollector.self)
}

private func unionTypesAreSendable() {
  requireSendable(JSONValue.self)
  requireSendable(UnknownVariant.self)
}

/// Every ``ExtensibleEnum`` is `Sendable`: the protocol refines it.
private func extensibleEnumsAreSendable<Value: ExtensibleEnum>(_: Value.Type) {
  requireSendable(Value.self)
}

/// `DecodeUnknownAsNil` and `OpenEnum` are `Sendable` wherever their enum and its raw value are.
private func wrappersAreSendableWhereTheEnumIs<Enum: RawRepresentable & Sendable>(_: Enum.Type)
where Enum.RawValue: Sendable {
  requireSendable(DecodeUnknownAsNil<Enum>.self)
  requireSendable(OpenEnum<Enum>.self)
}
