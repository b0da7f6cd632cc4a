// Placeholder until the benchmark models land.
enum Placeholder {}
