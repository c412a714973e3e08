"""`junit`: a JUnit XML report, in the shape of ruff's (after quick-junit's): a `testsuite` per file,
a failing `testcase` per diagnostic (`org.nanlint.CODE`, classname the path without `.py`, a
`severity` property), and one passing `No errors found` case when there is nothing to report. Lines
and columns are the file's (in a notebook: its JSON text's).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Dict, List, TextIO

from nanlint.types import Diagnostic

PROGRAM = "nanlint"
PACKAGE = f"org.{PROGRAM}"


def render(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    by_file: Dict[str, List[Diagnostic]] = {}
    for diagnostic in diagnostics:
        by_file.setdefault(diagnostic.path, []).append(diagnostic)
    count = len(diagnostics)
    report = ET.Element("testsuites", name=PROGRAM, tests=str(count or 1), failures=str(count), errors="0")
    if not by_file:
        suite = _suite(report, PROGRAM, 0, 1)
        ET.SubElement(suite, "testcase", name="No errors found", classname=PROGRAM)
    for path, found in sorted(by_file.items()):
        suite = _suite(report, path, len(found), len(found))
        for diagnostic in found:
            _case(suite, path, diagnostic, sources)
    ET.indent(report, space="    ")
    stream.write('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(report, encoding="unicode") + "\n")


def _suite(report: ET.Element, name: str, failures: int, tests: int) -> ET.Element:
    return ET.SubElement(
        report,
        "testsuite",
        name=name,
        tests=str(tests),
        disabled="0",
        errors="0",
        failures=str(failures),
        package=PACKAGE,
    )


def _case(suite: ET.Element, path: str, diagnostic: Diagnostic, sources) -> None:
    span = sources.in_file(diagnostic)
    case = ET.SubElement(
        suite,
        "testcase",
        name=f"{PACKAGE}.{diagnostic.code}",
        classname=os.path.splitext(path)[0],
        line=str(span.line),
        column=str(span.column),
    )
    properties = ET.SubElement(case, "properties")
    ET.SubElement(properties, "property", name="severity", value=diagnostic.severity)
    failure = ET.SubElement(case, "failure", message=diagnostic.message)
    failure.text = f"line {span.line}, col {span.column}, {diagnostic.message}"
