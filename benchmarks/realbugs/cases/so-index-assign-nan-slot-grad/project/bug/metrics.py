import torch

TERMS = ("rel_error", "sq_error", "abs_error")


def per_sample_terms(pred, target):
    terms = torch.full((pred.shape[0], len(TERMS)), float("nan"))
    terms[:, 0] = (pred - target).abs() / target.abs()
    terms[:, 1] = (pred - target) ** 2
    terms[:, 2] = (pred - target).abs()
    return terms


def summarize(terms):
    return {name: torch.nanmean(terms[:, i]).item() for i, name in enumerate(TERMS)}
