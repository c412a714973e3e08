"""A run over files that may each use another configuration: finds the files, checks them (each
configuration with its own cache), and reports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from nanlint.catalog import Rule
from nanlint.types import FileError, Report
from nanlint.project.cache import Cache, CatalogSource, default_directory
from nanlint.project.checker import Checker
from nanlint.project.config import Settings
from nanlint.project.discovery import Discovered, Discovery, Skipped
from nanlint.project.hierarchy import Resolver
from nanlint.project.options import add_rule_options, given_config, overrides, settings_from
from nanlint.project.workers import Progress, check_all, unwatched

if TYPE_CHECKING:
    import argparse


class Project:
    """A run over files, each checked with the configuration that applies to it (hierarchy.py)."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.discovery = Discovery(resolver)
        self.cache_warning: Optional[str] = None

    @property
    def root(self) -> Checker:
        """The checker of the configuration found from the current folder (or given by --config)."""
        return self.resolver.root

    @property
    def settings(self) -> Settings:
        return self.root.settings

    @property
    def rules(self) -> List[Rule]:
        return self.root.rules

    @property
    def checkers(self) -> List[Checker]:
        """The checker of each configuration the run has met so far."""
        return self.resolver.checkers

    @property
    def catalog(self) -> Dict[str, Rule]:
        """Every rule any configuration of the run knows (for showing findings)."""
        merged: Dict[str, Rule] = {}
        for checker in self.checkers:
            merged.update(checker.catalog)
        return merged

    def checker_for(self, path: str) -> Checker:
        return self.resolver.for_path(path)

    def named_skip(self, path: str) -> Optional[Skipped]:
        return self.discovery.named_skip(path)

    def discover(self, paths: Sequence[str]) -> Discovered:
        return self.discovery.discover(paths)

    def check(self, discovered: Discovered, jobs: Optional[int] = None, progress: Progress = unwatched) -> Report:
        """The report of the discovered files; `progress` is told how many are done as they are."""
        report = Report(errors=list(discovered.errors), files_checked=len(discovered.files))
        caches: Dict[int, Optional[Cache]] = {}

        def cache_of(checker: Checker) -> Optional[Cache]:
            if id(checker) not in caches:
                caches[id(checker)] = checker.open_cache()
            return caches[id(checker)]

        for result in check_all(discovered.files, jobs, cache_of, progress):
            report.findings.extend(result.findings)
            report.errors.extend(result.errors)
        for cache in filter(None, caches.values()):
            cache.save()
            self.cache_warning = self.cache_warning or cache.warning
        return report.sort()

    def run(self, paths: Sequence[str], jobs: Optional[int] = None) -> Report:
        return self.check(self.discover(paths), jobs)


def single(checker: Checker) -> Project:
    """A run in which every file is checked with `checker`'s settings."""
    return Project(Resolver(checker.settings, lambda _: checker))


def files(checker: Checker, paths: Sequence[str]) -> Tuple[List[str], List[FileError]]:
    """The files `checker`'s settings would check under `paths`, and the paths that cannot be read."""
    discovered = single(checker).discover(paths)
    return [candidate.path for candidate in discovered.files], discovered.errors


def build_checker(settings: Settings, source: Optional[CatalogSource] = None) -> Checker:
    """A configuration's checker, its rule selection validated: a selector that names no rule,
    or a selection left empty, is a ConfigError. A configuration the cache holds results of was
    valid, and is not validated again: that would load the catalog."""
    checker = Checker(settings, source=source)
    if not checker.has_results():
        checker.validate()
    return checker


def default_project() -> Project:
    """The project as `nanlint check` with no option sees it (each file's nearest configuration)."""
    import argparse

    parser = argparse.ArgumentParser()
    add_rule_options(parser)
    return make_project(parser.parse_args([]))


def make_project(args: argparse.Namespace) -> Project:
    """Every file with its nearest configuration and the command line over it; with `--config`,
    that one for all. Each configuration is validated when a file first needs it; configurations
    with the same rule files and cache share one catalog, loaded once if at all."""
    sources: Dict[tuple, CatalogSource] = {}

    def build(settings: Settings) -> Checker:
        key = (settings.extend_rule_files, default_directory(settings) if settings.cache else None)
        if key not in sources:
            sources[key] = CatalogSource(settings)
        return build_checker(settings, sources[key])

    hierarchical = given_config(args) is None
    return Project(Resolver(settings_from(args), build, overrides(args) if hierarchical else None))
