"""The machine-readable output formats, one module per family, each in the shape ruff gives it.

Each renderer takes `(diagnostics, stream, sources)`: the findings and the files that could not be
checked, as Diagnostic records sorted by place, and the checked text (positions, lines). SARIF,
which describes the rules too, takes the report and the catalog. nanlint/formats/output.py picks one.
"""
