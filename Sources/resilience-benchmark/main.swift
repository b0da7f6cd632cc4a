print("resilience-benchmark: not built yet")
