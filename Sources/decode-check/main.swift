print("decode-check: not built yet")
