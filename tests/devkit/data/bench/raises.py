"""A side whose script fails before launching anything."""
raise ValueError("bad configuration in the script")
