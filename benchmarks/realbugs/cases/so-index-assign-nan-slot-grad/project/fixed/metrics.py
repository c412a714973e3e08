import torch

TERMS = ("rel_error", "sq_error", "abs_error")


def per_sample_terms(pred, target):
    return {
        "rel_error": (pred - target).abs() / target.abs(),
        "sq_error": (pred - target) ** 2,
        "abs_error": (pred - target).abs(),
    }


def summarize(terms):
    return {name: torch.nanmean(terms[name]).item() for name in TERMS}
