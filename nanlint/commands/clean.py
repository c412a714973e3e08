"""`nanlint clean`: remove the cache folders, as `ruff clean` does."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import List

from nanlint.catalog import CatalogError
from nanlint.commands.messages import warn
from nanlint.project.cache import caches_under, clean, default_directory
from nanlint.project.config import ConfigError
from nanlint.project.run import make_project
from nanlint.types import Exit


def run_clean(args: argparse.Namespace) -> int:
    """Remove `.nanlint_cache` folders here and below, and the `cache-dir` of each configuration
    the files here and below use, as `ruff clean` does."""
    folders = caches_under(Path.cwd())
    try:
        folders += _configured_caches(args)
    except (ConfigError, CatalogError) as error:
        warn(f"{error}; its cache-dir is left alone")
    folders = sorted({Path(os.path.relpath(folder)) for folder in folders if folder.is_dir()})
    removed = clean(folders)
    for folder in folders:
        if folder in removed:
            sys.stderr.write(f"Removing cache at: {folder}\n")
        else:
            warn(f"{folder} is not removed: it has no CACHEDIR.TAG of nanlint's")
    return Exit.CLEAN


def _configured_caches(args: argparse.Namespace) -> List[Path]:
    project = make_project(args)
    project.discover(["."])  # meets every configuration below
    return [Path(default_directory(checker.settings)) for checker in project.checkers]
