"""The machine-readable output formats, one module per family, each in the shape ruff gives it.

Each `render(diagnostics, stream, sources)` writes a list of Diagnostic (findings, and files that
could not be checked) sorted by place; `sources` gives positions and line text. SARIF, which
describes the rules too, takes the report and the catalog.
"""
