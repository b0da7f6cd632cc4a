// Placeholder until the webhook models land.
enum Placeholder {}
