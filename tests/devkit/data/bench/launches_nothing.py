"""A side that launches no kernel."""
print("nothing to launch")
