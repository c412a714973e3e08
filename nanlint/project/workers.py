"""Checking a list of files: each from its configuration's cache when its bytes are known, else
here or, when there is enough work, in worker processes. Workers are sent the settings of every
configuration in the run once, and build each one's checker the first time a file needs it."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Tuple

from nanlint.inputs.source import content_digest, file_bytes
from nanlint.project.cache import Cache
from nanlint.project.checker import Checker
from nanlint.project.config import Settings
from nanlint.project.discovery import Candidate

if TYPE_CHECKING:
    from nanlint.types import FileResult

# Below this much source (about 0.1 s of work on one core), starting worker processes costs more
# than it saves.
PARALLEL_MIN_BYTES = 256 * 1024
CHUNK_MAX = 16
Checked = Tuple[Optional[str], "FileResult"]  # (digest of the bytes checked, or None if unreadable; the result)
Progress = Callable[[int], None]  # told how many of the run's files are done so far


def unwatched(done: int) -> None:
    pass


class Task(NamedTuple):
    configuration: int  # index into the settings the workers were given
    path: str
    named: bool


def check_all(
    candidates: List[Candidate],
    jobs: Optional[int],
    cache_of: Callable[[Checker], Optional[Cache]],
    progress: Progress = unwatched,
) -> List["FileResult"]:
    """Each candidate's result, in order; what was checked (not read from a cache) is stored in it.
    `progress` is told the count of files done as they are."""
    results: Dict[int, "FileResult"] = {}
    pending = []
    for index, candidate in enumerate(candidates):
        cached = _cached(cache_of(candidate.checker), candidate)
        if cached is None:
            pending.append(index)
        else:
            results[index] = cached
    answered = len(results)
    progress(answered)
    for checker in _checkers([candidates[i] for i in pending]):
        checker.validate()  # before any result is stored: a configuration the cache holds results of was valid
    if pending:  # imported only when a file is checked: a run the cache answers needs no engine
        from nanlint.engine.walk import forget_project

        forget_project()  # a new run: what a walk learnt of the project's files before may be stale
    checked = _check([candidates[i] for i in pending], jobs, lambda done: progress(answered + done))
    for index, (digest, result) in zip(pending, checked):
        results[index] = result
        candidate = candidates[index]
        cache = cache_of(candidate.checker)
        if cache is not None and digest is not None:
            cache.store(candidate.path, digest, result, candidate.named)
    return [results[index] for index in range(len(candidates))]


def _cached(cache: Optional[Cache], candidate: Candidate) -> Optional["FileResult"]:
    if cache is None or not cache.knows(candidate.path):
        return None
    try:
        data = file_bytes(candidate.path)
    except OSError:
        return None
    return cache.lookup(candidate.path, content_digest(data), candidate.named)


def _check(candidates: List[Candidate], jobs: Optional[int], progress: Progress) -> List[Checked]:
    jobs = min(jobs or os.cpu_count() or 1, len(candidates))
    sizes = _sizes(candidates)
    if jobs <= 1 or sum(sizes.values()) < PARALLEL_MIN_BYTES:
        checked = []
        for candidate in candidates:
            checked.append(candidate.checker.check_path(candidate.path, candidate.named))
            progress(len(checked))
        return checked
    checkers = _checkers(candidates)
    configuration = {id(checker): index for index, checker in enumerate(checkers)}
    tasks = [Task(configuration[id(c.checker)], c.path, c.named) for c in candidates]
    chunks = _chunks(tasks, sizes, jobs)
    from concurrent.futures import ProcessPoolExecutor, as_completed  # 50 ms to import: only when it is used

    done: Dict[Task, Checked] = {}
    with ProcessPoolExecutor(
        max_workers=jobs, initializer=_init_worker, initargs=(tuple(checker.settings for checker in checkers),)
    ) as executor:
        futures = {executor.submit(_check_chunk_in_worker, chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            done.update(zip(futures[future], future.result()))
            progress(len(done))
    return [done[task] for task in tasks]


def _checkers(candidates: List[Candidate]) -> List[Checker]:
    """The configurations of `candidates`, each once, in order."""
    return list({id(c.checker): c.checker for c in candidates}.values())


def _chunks(tasks: List[Task], sizes: Dict[str, int], jobs: int) -> List[List[Task]]:
    """The tasks in chunks of files of one folder, which import each other (a worker keeps the
    trees it parsed to answer one file's questions for the next), the heaviest chunks first: no
    worker is left with a heavy tail."""
    size = max(1, min(CHUNK_MAX, len(tasks) // (jobs * 4)))
    by_folder: Dict[str, List[Task]] = {}
    for task in tasks:
        by_folder.setdefault(os.path.dirname(task.path), []).append(task)
    chunks = [files[start : start + size] for files in by_folder.values() for start in range(0, len(files), size)]
    return sorted(chunks, key=lambda chunk: -sum(sizes[task.path] for task in chunk))


def _sizes(candidates: List[Candidate]) -> Dict[str, int]:
    sizes = {}
    for candidate in candidates:
        try:
            sizes[candidate.path] = os.stat(candidate.path).st_size
        except OSError:
            sizes[candidate.path] = 0
    return sizes


_SETTINGS: Tuple[Settings, ...] = ()
_CHECKERS: Dict[int, Checker] = {}


def _init_worker(settings: Tuple[Settings, ...]) -> None:
    global _SETTINGS
    _SETTINGS = settings


def _check_chunk_in_worker(chunk: List[Task]) -> List[Checked]:
    return [_check_in_worker(task) for task in chunk]


def _check_in_worker(task: Task) -> Checked:
    if task.configuration not in _CHECKERS:
        _CHECKERS[task.configuration] = Checker(_SETTINGS[task.configuration])
    return _CHECKERS[task.configuration].check_path(task.path, task.named)
