"""The general checks, by the name the catalog's `check` key uses."""

from __future__ import annotations

from nanlint.catalog import CatalogError, Rule
from nanlint.checks.base import Check
from nanlint.checks.calls import CallCheck
from nanlint.checks.denominator import RiskyDenominator
from nanlint.checks.division import SelfNormalization
from nanlint.checks.domain import RiskyArgument
from nanlint.checks.inplace import InplaceOnLeaf
from nanlint.checks.masking import InfiniteMaskSoftmax
from nanlint.checks.optimizer_eps import HalfOptimizerEps
from nanlint.checks.nan_filter import NanFilteredAfterOp
from nanlint.checks.pattern import PatternCheck
from nanlint.checks.reductions import DegenerateDecomposition, EmptySelectionMean, IgnoredTargetsMean, InfeasibleCtc, SingleSampleSpread
from nanlint.checks.precision import OverflowingFill, ScaledAfterMatmul, VanishingEpsilon
from nanlint.checks.saved import SavedOutputModified, SequentialInplace
from nanlint.checks.steps import StepBetweenBackward
from nanlint.checks.where_trap import WhereBranchTrap


class SuppressionCheck(Check):
    """`suppression`: the engine itself reports suppression comments that name unknown codes."""

    kind = "suppression"


class RuntimeCheck(Check):
    """`runtime`: rules that only `nanlint verify` reports, from what the run met."""

    kind = "runtime"


CHECKS = {cls.kind: cls for cls in (
    RiskyArgument, RiskyDenominator, PatternCheck, InplaceOnLeaf, CallCheck, SuppressionCheck, RuntimeCheck,
    SelfNormalization, InfiniteMaskSoftmax, WhereBranchTrap, SingleSampleSpread, EmptySelectionMean, IgnoredTargetsMean, InfeasibleCtc,
    DegenerateDecomposition, VanishingEpsilon, OverflowingFill, ScaledAfterMatmul, SavedOutputModified, SequentialInplace, StepBetweenBackward,
    HalfOptimizerEps,
    NanFilteredAfterOp,
)}


def build_check(rule: Rule) -> Check:
    try:
        cls = CHECKS[rule.check]
    except KeyError:
        raise CatalogError(f"{rule.source}: rule {rule.code}: unknown check `{rule.check}` (known: {', '.join(sorted(CHECKS))})") from None
    return cls(rule)
