// Placeholder until the checking engine lands.
enum Placeholder {}
