"""Overhead of nanlint's runtime monitor against plain eager execution and torch's anomaly mode.

CPU training steps (forward, loss, backward, Adam step) of a small MLP, a small CNN and a transformer
encoder layer, measured side by side in one run with one intra-op thread: the variants of each model
alternate in every round, in an order rotated from round to round, so that a noisy machine slows them
alike; each ratio is the median over rounds of a variant's step time over the plain step of its round.
"nanlint" is what `nanlint verify` runs by default once a run is past its first 20 s (every op of those
is checked, as with `--monitor full`): a sample of steps checked op by op, the tripwire on the others.
Each variant keeps one monitor across its rounds, as one long run would. Host reads per step count the
tripwire's reads back to the host (a device sync on a GPU): flat in the number of ops. A second table
gives the tripwire's fixed cost per step from the fastest single steps, which a busy machine moves least.
Then the same three seed bugs go through each tool, to show what each one finds.

    PYTHONPATH=. python benchmarks/bench_monitor.py [--rounds 8] [--steps 20] [--clock thread]

`--clock thread` times the loop by the main thread's CPU time instead of the wall clock: on a shared,
busy machine the time other processes take is then not counted (with one intra-op thread the whole step
runs on that thread; cache contention still slows every variant alike).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
import warnings
from typing import List, NamedTuple

import torch
from torch import nn

from nanlint.runtime.finite import HostReads
from nanlint.runtime.events import MemorySink
from nanlint.runtime.monitor import Monitor
from nanlint.runtime.schedule import Schedule


def mlp():
    model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
    return model, torch.randn(32, 64), torch.randint(0, 10, (32,))


def cnn():
    model = nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, 10),
    )
    return model, torch.randn(16, 3, 32, 32), torch.randint(0, 10, (16,))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, batch_first=True)
        self.head = nn.Linear(64, 10)

    def forward(self, x):
        return self.head(self.layer(x).mean(dim=1))


def transformer():
    return Encoder(), torch.randn(8, 32, 64), torch.randint(0, 10, (8,))


MODELS = {"MLP": mlp, "CNN": cnn, "Transformer layer": transformer}


def train_step(model, optimizer, inputs, targets):
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()


@contextlib.contextmanager
def plain():
    yield


@contextlib.contextmanager
def anomaly():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.detect_anomaly():
            yield


@contextlib.contextmanager
def installed(monitor):
    monitor.install()
    try:
        yield
    finally:
        monitor.uninstall()


def variants():
    """Each variant's context, made afresh per model; a monitor lives as long as its variant."""
    sampled = Monitor(MemorySink(), schedule=Schedule(full_seconds=0.0))
    full = Monitor(MemorySink(), schedule=Schedule.always_full())
    return {"plain": plain, "detect_anomaly": anomaly, "nanlint": lambda: installed(sampled),
            "nanlint --monitor full": lambda: installed(full)}


CLOCKS = {"wall": time.perf_counter, "thread": time.thread_time}
clock = CLOCKS["wall"]


def time_steps(context, model, optimizer, inputs, targets, steps) -> float:
    with context():
        start = clock()
        for _ in range(steps):
            train_step(model, optimizer, inputs, targets)
        return (clock() - start) / steps


class Measured(NamedTuple):
    plain_seconds: float  # the median plain step
    ratios: dict  # by variant: the median over rounds of its step time over the same round's plain one
    reads_per_step: float  # the tripwire's host reads, in the sampled monitor's steps


def measure(factory, rounds, steps) -> Measured:
    """Each round runs every variant once, in an order rotated round by round (the one run after another
    variant is not always the same one); a variant's ratio is taken to the plain run of its own round."""
    model, inputs, targets = factory()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    contexts = variants()
    names = list(contexts)
    samples = {name: [] for name in names}
    for context in contexts.values():  # warm-up
        time_steps(context, model, optimizer, inputs, targets, 3)
    reads = 0
    for round_index in range(rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            before = HostReads.count
            samples[name].append(time_steps(contexts[name], model, optimizer, inputs, targets, steps))
            if name == "nanlint":
                reads += HostReads.count - before
    plain = samples["plain"]
    ratios = {name: statistics.median(t / p for t, p in zip(samples[name], plain)) for name in names}
    return Measured(statistics.median(plain), ratios, reads / (rounds * steps))


def fastest_steps(context, model, optimizer, inputs, targets, steps) -> List[float]:
    with context():
        times = []
        for _ in range(steps):
            start = clock()
            train_step(model, optimizer, inputs, targets)
            times.append(clock() - start)
        return times


class StepCost(NamedTuple):
    plain_seconds: float
    tripwire_seconds: float


def tripwire_step_cost(factory, rounds, steps) -> StepCost:
    """The tripwire's fixed cost per step: the 5th percentile of single steps, plain and at the tripwire
    (sampling off), alternating. Other tenants of a shared machine slow some steps, not the fastest ones,
    so this moves far less from run to run than the ratios of round times; it leaves out the sampled
    steps checked op by op, which the table above includes."""
    model, inputs, targets = factory()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    monitor = Monitor(MemorySink(), schedule=Schedule(full_seconds=0.0, sample_share=0.0))
    contexts = {"plain": plain, "tripwire": lambda: installed(monitor)}
    times = {name: [] for name in contexts}
    for context in contexts.values():  # warm-up, and the monitor's first step, checked op by op
        fastest_steps(context, model, optimizer, inputs, targets, 3)
    for _ in range(rounds):
        for name, context in contexts.items():
            times[name] += fastest_steps(context, model, optimizer, inputs, targets, steps)
    fifth = {name: sorted(values)[len(values) // 20] for name, values in times.items()}
    return StepCost(fifth["plain"], fifth["tripwire"])


# ---------------------------------------------------------------- what each tool finds


def seed_division_by_zero():
    x = torch.tensor([1.0], requires_grad=True)
    (x / 0).backward()


def seed_log_of_zero():
    p = torch.tensor([0.0, 0.5])
    return torch.log(p).sum()


def seed_sqrt_at_zero():
    x = torch.zeros(3, requires_grad=True)
    (x * x).sum().sqrt().backward()


SEEDS = {
    "x / 0 then backward (+inf gradient)": (seed_division_by_zero, "div"),
    "log(0) in the forward pass": (seed_log_of_zero, "log"),
    "sqrt at 0: (x*x).sum().sqrt() backward": (seed_sqrt_at_zero, "sqrt"),
}


def anomaly_verdict(seed) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with torch.autograd.detect_anomaly():
                seed()
        except RuntimeError as error:
            return "raised: " + str(error).split(".")[0][:60]
    return "silent"


def nanlint_verdict(seed, expected_op) -> str:
    sink = MemorySink()
    monitor = Monitor(sink).install()
    try:
        seed()
    finally:
        monitor.uninstall()
    roots = [r for r in sink.records if r.get("type") == "event" and r["kind"] == "root"]
    found = [r for r in roots if r["op"] == expected_op]
    if not found:
        return "missed"
    first = found[0]
    return "%s %s %s at line %d" % (first["phase"], first["op"], first["values"], first["line"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)  # a multiple of the 4 variants: each order as often
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    options = parser.parse_args()
    global clock
    clock = CLOCKS[options.clock]
    torch.set_num_threads(1)
    torch.manual_seed(0)
    print("torch %s, %d intra-op thread, ratios: the median of %d rounds of %d steps, %s clock" % (
        torch.__version__, torch.get_num_threads(), options.rounds, options.steps, options.clock))
    print()
    print("| model | plain ms/step | detect_anomaly | nanlint | nanlint --monitor full | host reads/step |")
    print("|---|---|---|---|---|---|")
    for name, factory in MODELS.items():
        measured = measure(factory, options.rounds, options.steps)
        ratios = measured.ratios
        print("| %s | %.2f | %.2fx | %.2fx | %.2fx | %.1f |" % (
            name, measured.plain_seconds * 1e3, ratios["detect_anomaly"], ratios["nanlint"],
            ratios["nanlint --monitor full"], measured.reads_per_step))
    print()
    print("| model | plain step, p05 | tripwire step, p05 | ratio | difference |")
    print("|---|---|---|---|---|")
    for name, factory in MODELS.items():
        cost = tripwire_step_cost(factory, max(1, options.rounds * options.steps // 5), 5)  # alternating finely
        print("| %s | %.3f ms | %.3f ms | %.2fx | %.0f us |" % (
            name, cost.plain_seconds * 1e3, cost.tripwire_seconds * 1e3, cost.tripwire_seconds / cost.plain_seconds,
            (cost.tripwire_seconds - cost.plain_seconds) * 1e6))
    print()
    print("| seed bug | detect_anomaly | nanlint |")
    print("|---|---|---|")
    for label, (seed, op) in SEEDS.items():
        print("| %s | %s | %s |" % (label, anomaly_verdict(seed), nanlint_verdict(seed, op)))


if __name__ == "__main__":
    main()
