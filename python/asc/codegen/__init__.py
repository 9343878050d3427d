"""The front end: Python AST → ascendc dialect (see generator.py)."""
