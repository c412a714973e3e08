"""Facts the value analysis derives on real parsed code (module level, straight-line)."""

from cli_support import walked

from nanlint.analysis.values import NEG, POS, SELECTED, ZERO
from nanlint.checks.base import PREDICATES


def holds(predicate, code):
    ctx, value = walked("import torch\nimport torch.nn.functional as F\n" + code)
    return PREDICATES[predicate](ctx.fact(value))


def test_clamp_bounds_are_read_as_float32_sees_them():
    assert holds("unit", "x.clamp(-1, 1)")
    assert holds("unit", "x.clamp(-1 + 1e-8, 1 - 1e-8)")  # rounds back to ±1
    assert not holds("unit", "x.clamp(-1 + 1e-7, 1 - 1e-7)")
    assert not holds("unit", "x.clamp(-1 + eps, 1 - eps)")
    assert holds("above-one", "x.clamp_min(1 + eps)")
    assert not holds("above-one", "x.clamp_min(1 + 1e-8)")


def test_computed_cosines_round_past_one_but_clamped_ones_do_not():
    assert holds("past-unit", "F.cosine_similarity(a, b)")
    assert holds("past-unit", "(F.normalize(a) * F.normalize(b)).sum(-1)")
    assert holds("past-unit", "F.normalize(a) @ F.normalize(b).t()")
    assert not holds("past-unit", "F.cosine_similarity(a, b).clamp(-1, 1)")
    assert holds("unit", "F.cosine_similarity(a, b).clamp(-1, 1)")


def test_exponents_bounded_above_do_not_overflow():
    assert holds("bounded", "x - x.max(dim=-1, keepdim=True).values")
    assert holds("bounded", "m = x.amax(-1, keepdim=True).detach()\nx - m")
    assert holds("bounded", "(x - x.max(-1, keepdim=True)[0]) / temperature")
    assert holds("bounded", "-x.abs()")
    assert holds("bounded", "5 * torch.tanh(x)")
    assert not holds("bounded", "x / temperature")
    assert not holds("exp", "torch.exp(x - x.max())")
    assert holds("exp", "torch.exp(x)")


def test_exponents_at_most_zero_by_construction():
    assert holds("bounded", "m, _ = x.max(-1)\nx - m.unsqueeze(-1)")  # a view of the maximum
    assert holds("bounded", "m, _ = x.max(d, keepdim=k)\nx - (m if k else m.unsqueeze(d))")
    assert not holds("bounded", "x - m.unsqueeze(-1)")
    assert holds("bounded", "-gamma * (x - c) ** 2")  # a Gaussian kernel's exponent
    assert holds("bounded", "-self.preterm.to(x) * (x - c) ** 2")
    assert not holds("bounded", "gamma * (x - c) ** 2")
    assert not holds("bounded", "-gamma * (x - c)")


def test_log_variance_names_are_tagged_until_clamped():
    assert holds("log-scale", "logvar")
    assert holds("log-scale", "self.logvar = layer(h)\nself.logvar")
    assert not holds("log-scale", "self.logvar = torch.clamp(self.logvar, -30.0, 20.0)\nself.logvar")
    assert not holds("log-scale", "log_std")


def test_squared_distances_and_the_gram_expansion():
    assert holds("squared-distance", "((a - b) ** 2).sum(-1)")
    assert holds("squared-distance", "(x1 - x2) ** 2 + (y1 - y2) ** 2")
    assert holds("squared-distance", "F.mse_loss(a, b)")
    assert not holds("expanded-distance", "((a - b) ** 2).sum(-1)")
    assert holds("expanded-distance", "x2 + y2 - 2 * x @ y.t()")
    assert not holds("squared-distance", "(a ** 2).sum(-1)")


def test_uniform_noise_includes_zero_but_one_minus_it_does_not():
    assert holds("uniform", "torch.rand_like(x)")
    assert holds("uniform", "torch.empty_like(x).uniform_()")
    assert not holds("uniform", "torch.empty_like(x).uniform_(1e-6, 1.0)")
    assert not holds("zero", "1 - torch.rand(3)")


def test_the_safe_half_of_a_double_where_is_positive():
    assert not holds("zero", "d2 = ((a - b) ** 2).sum(-1)\ntorch.where(d2 > 0, d2, torch.ones_like(d2))")
    assert not holds("zero", "d2 = ((a - b) ** 2).sum(-1)\npositive = d2 > 0\ntorch.where(positive, d2, torch.ones_like(d2))")
    assert holds("zero", "d2 = ((a - b) ** 2).sum(-1)\ntorch.where(d2 > 0, d2, torch.zeros_like(d2))")


def test_literals_are_constants():
    assert holds("constant", "2.0")
    assert not holds("constant", "self.gamma")


def test_sizes_of_boolean_selections_are_counts_but_sizes_of_tensors_are_not():
    assert holds("count", "(x > 0).nonzero().size(0)")
    assert holds("count", "len(torch.nonzero(x > 0))")
    assert holds("count", "x[x > 0].numel()")
    assert holds("count", "sel = x[x > 0]\nsel.shape[0]")
    assert not holds("count", "x.size(0)")
    assert not holds("count", "len(x)")
    assert not holds("zero", "x.shape[0]")


def test_a_tuple_display_unpacks_element_by_element():
    assert holds("range", "lo, hi = torch.min(x), torch.max(x)\nhi - lo")
    assert not holds("range", "lo, hi = torch.aminmax(x)\nhi - lo")


def test_gaussian_densities_underflow_to_zero_but_are_positive_denominators():
    assert holds("underflow", "torch.exp(-0.5 * ((t - mu) / sigma) ** 2) / sigma")
    assert holds("underflow", "torch.prod(torch.exp(-z ** 2 / 2), 2).sum(1)")
    assert holds("underflow", "pi * torch.exp(-(z ** 2))")
    assert not holds("underflow", "torch.exp(-0.5 * z ** 2) + 1e-8")
    assert not holds("underflow", "torch.exp(-z.abs())")
    assert not holds("underflow", "torch.exp(0.5 * z ** 2)")
    assert not holds("zero", "torch.exp(-0.5 * z ** 2).sum()")


def test_distribution_probs_made_from_logits():
    assert holds("prob", "torch.distributions.Categorical(logits=z).probs")
    assert not holds("prob", "torch.distributions.Categorical(probs=p).probs")
    assert holds("log-prob", "F.log_softmax(z.masked_fill(m, float('-inf')), -1)[..., 0]")
    assert holds("log-prob", "F.log_softmax(torch.tensor([[0.0, float('-inf')]]), -1)")
    assert not holds("log-prob", "F.log_softmax(z, -1)")  # finite logits give finite log-probabilities


def test_a_tensor_written_in_place_is_no_longer_what_it_was_made_with():
    assert holds("positive", "w = torch.ones(4)\nw")
    assert not holds("positive", "w = torch.ones(4)\nw[0] = 0.0\nw")
    assert holds("positive", "w = torch.ones(4)\nw[0] = 0.0\nw = torch.ones(4)\nw")  # rebound after the write


def test_box_extents_areas_unions_and_ious():
    assert holds("box-extent", "b[:, 2] - b[:, 0]")
    assert holds("box-extent", "b[..., 3] - b[..., 1]")
    assert holds("box-extent", "b[..., 2:] - b[..., :2]")
    assert holds("box-extent", "b[:, 2:4] - b[:, 0:2]")
    assert holds("box-extent", "b1_y2 - b1_y1")
    assert holds("box-extent", "xmax - xmin")
    assert holds("box-extent", "(x2 - x1).clamp(min=0)")
    assert not holds("box-extent", "b[:, 2] - b[:, 1]")  # not a corner pair
    assert not holds("box-extent", "a[:, 2] - b[:, 0]")  # two tensors
    assert not holds("box-extent", "t2 - t1")  # not a coordinate
    assert not holds("box-extent", "x2 - x1 + eps")
    assert holds("box-area", "(x2 - x1) * (y2 - y1)")
    assert holds("box-area", "wh = b[..., 2:] - b[..., :2]\nwh.prod(-1)")
    assert holds("box-union", "a1 = (x2 - x1) * (y2 - y1)\na2 = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])\na1[:, None] + a2 - inter")
    assert not holds("box-union", "a = (x2 - x1) * (y2 - y1)\na + a - inter + eps")
    assert not holds("box-union", "a = (x2 - x1) * (y2 - y1)\na - inter")  # one area: no union
    assert holds("aligned-box-union", "a = (x2 - x1) * (y2 - y1)\na + a - inter")
    assert not holds("aligned-box-union", "a = (x2 - x1) * (y2 - y1)\na[:, None] + a - inter")  # a pairwise matrix
    assert not holds("aligned-box-union", "a = (x2 - x1) * (y2 - y1)\na.unsqueeze(1) + a.unsqueeze(0) - inter")
    assert holds("iou", "inter / (a1 + a2 - inter)")
    assert holds("iou", "union = w1 * h1 + w2 * h2 - inter + eps\ninter / union")
    assert not holds("iou", "inter / (a1 + a2)")


def test_sizes_decoded_from_an_exponential():
    assert holds("decoded", "deltas[:, 2:].exp() * anchors[:, 2:]")
    assert not holds("decoded", "deltas[:, 2:] * anchors[:, 2:]")


def fact_of(code):
    ctx, value = walked("import numpy as np\nimport torch\nimport torch.nn.functional as F\n" + code)
    return ctx.fact(value)


def test_bounds_follow_every_spelling_of_an_operator():
    assert fact_of("torch.sigmoid(x) * 2 - 1").bounds == (-1.0, 1.0)
    assert fact_of("x.clamp(-3, 5).neg()").bounds == (-5.0, 3.0)
    assert fact_of("torch.true_divide(torch.tanh(x), 0.5)").bounds == (-2.0, 2.0)
    assert fact_of("x.clamp(0, 2).add(1).mul(3)").bounds == (3.0, 9.0)
    assert fact_of("F.normalize(a) @ F.normalize(b).T / 0.1").bounds == (-10.0, 10.0)
    assert fact_of("torch.cat([torch.sigmoid(a), torch.tanh(b)])").bounds == (-1.0, 1.0)


def test_an_exponent_overflows_where_its_range_passes_88():
    margins = "cos = F.cosine_similarity(a, b)\nalpha = torch.relu(-cos + 1.25)\n"
    assert holds("reaches-overflow", margins + "-32 * alpha * (cos - 0.75)")  # up to 126
    assert holds("reaches-overflow", "F.cosine_similarity(a, b) * 100")
    assert not holds("reaches-overflow", margins + "-16 * alpha * (cos - 0.75)")  # up to 63
    assert not holds("reaches-overflow", "50 * torch.sigmoid(x)")
    assert not holds("reaches-overflow", "100 * x")  # no bound: nothing to read
    assert not holds("reaches-overflow", "np.clip(x, 0, 1) * 1000")  # float64 overflows past 709


def test_a_constant_inside_a_bounded_range_shifts_part_of_it_below_zero():
    assert holds("negative-range", "torch.sigmoid(x) - 0.5")
    assert holds("negative-range", "2 * torch.sigmoid(x) - 1")
    assert holds("negative-range", "cos = F.cosine_similarity(a, b)\ncos - 0.2")
    assert not holds("negative-range", "F.cosine_similarity(a, b)")  # its sign follows its inputs
    assert not holds("negative-range", "torch.tanh(x)")
    assert not holds("negative-range", "torch.relu(x) - 1")  # bounded on one side only
    assert not holds("negative-range", "torch.sigmoid(x) + 0.5")
    assert not holds("negative-range", "cos = F.cosine_similarity(a, b)\n1 - cos")


def test_a_value_minus_its_minimum_is_not_negative():
    assert fact_of("s = torch.sigmoid(x)\ns - s.min()").bounds == (0.0, 1.0)
    assert fact_of("s = torch.sigmoid(x)\ns.max() - s").bounds == (0.0, 1.0)
    assert holds("range", "s = torch.sigmoid(x)\ns.max() - s.min()")
    assert fact_of("mins = x.view(4, -1).min(-1)[0]\nx - mins").signs == POS | ZERO


def test_a_value_minus_another_tensors_minimum_may_be_negative():
    assert fact_of("s = torch.sigmoid(x)\nt = torch.sigmoid(y)\nt - s.min()").signs & NEG
    assert fact_of("s = torch.sigmoid(x)\nt = torch.sigmoid(y)\ns.max() - t").signs & NEG


def test_the_mean_of_a_mask_is_a_fraction():
    assert fact_of("(x > 0).float().mean()").bounds == (0.0, 1.0)
    assert holds("count", "(x > 0).float().mean()")
    assert fact_of("(x > 0).float().sum()").bounds[1] == float("inf")


def test_a_clamp_moves_a_known_range_to_its_ends():
    assert fact_of("a = torch.tensor(100.0)\ntorch.clamp(a, max=0)").bounds == (0.0, 0.0)
    assert fact_of("torch.sigmoid(x).clamp(min=1e-6)").bounds == (1e-6, 1.0)
    assert fact_of("import math\np = torch.tensor(100.0)\np.clamp(max=math.log(100.0))").bounds[1] < 4.61


def test_a_probability_reaches_0_only_where_its_input_range_lets_it():
    assert holds("prob", "torch.sigmoid(x)") and holds("zero", "torch.sigmoid(x)")
    assert not holds("zero", "torch.sigmoid(x.clamp(-10, 10))")
    assert holds("positive", "1 - torch.sigmoid(x.clamp(-10, 10))")
    assert not holds("zero", "F.softmax(F.normalize(a) @ F.normalize(b).T / 0.1, -1)")
    assert holds("zero", "F.softmax(logits, -1)")


def test_a_softmax_written_by_hand_underflows_unless_its_logits_are_bounded():
    hand = "e = torch.exp(x - x.max(-1, keepdim=True).values)\ne / e.sum(-1, keepdim=True)"
    assert holds("underflow", hand)
    assert holds("positive", "e = torch.exp(x - x.max(-1, keepdim=True).values)\ne.sum(-1, keepdim=True)")  # holds exp(0) = 1
    assert not holds("underflow", "x = torch.tanh(z) * 5\n" + hand)
    assert holds("underflow", "F.log_softmax(z, -1).exp()")
    assert not holds("underflow", "torch.exp(-x.abs())")


def test_numpy_values_are_not_tensors():
    assert "numpy" in fact_of("p = t.cpu().numpy()\n(p > 0).sum()").tags
    assert "numpy" in fact_of("np.bincount(c) / 2.0 + 1").tags
    assert not holds("count", "p = t.cpu().numpy()\n(p > 0).sum()")
    assert holds("count", "(t > 0).sum()")


def test_a_constant_minus_a_value_needs_evidence_the_value_reaches_it():
    assert not holds("negative", "p_t = y * torch.sigmoid(x) + (1 - y) * (1 - torch.sigmoid(x))\n1.0 - p_t")
    assert holds("zero", "1 - torch.sigmoid(x)")
    assert holds("negative", "torch.randn(3) + 1")
    assert holds("positive", "x.relu() + 1")


def test_names_unpacked_from_an_element_wise_construction_hold_each_element_made():
    assert holds("prob", "p, q = map(torch.sigmoid, (a, b))\nq")
    assert holds("prob", "p, q = tuple(map(lambda t: t.sigmoid().view(n, c), [a, b]))\np")
    assert holds("exp", "u, v = [t.exp() for t in (a, b)]\nv")
    assert holds("prob", "s, i = x.softmax(-1), x.argmax(-1)\ns, i = map(lambda t: t.view(n, c), (s, i))\ns")
    assert not holds("prob", "p, q = map(lambda t: t.view(n), (a, b.sigmoid()))\np")
    assert not holds("prob", "p, q = map(torch.sigmoid, (*a, b))\np")  # a starred display: which element is unknown
    assert not holds("prob", "p, q = [t.sigmoid() for t in (a, b) if t.numel()]\np")  # filtered


def test_an_einsum_over_the_last_index_of_normalised_vectors_is_a_cosine():
    assert holds("past-unit", "z = F.normalize(z, dim=-1)\ntorch.einsum('if, jf -> ij', z, z)")
    assert holds("past-unit", "torch.einsum('bhqd,bhkd->bhqk', F.normalize(q, dim=-1), F.normalize(k, dim=-1))")
    assert not holds("past-unit", "z = F.normalize(z, dim=-1)\ntorch.einsum('if,jf->ijf', z, z)")  # no sum
    assert not holds("past-unit", "torch.einsum('if,jf->ij', z, z)")  # not normalised


def test_a_tensor_made_boolean_stays_a_mask_when_items_are_written():
    assert holds("mask", "torch.zeros(shape, dtype=torch.bool)")
    assert holds("mask", "m = torch.zeros(shape, dtype=torch.bool)\nm[rows, :3] = True\nm")
    assert holds("count", "m = x > 0\nm[0] = False\nm.sum(1)")
    assert not holds("mask", "w = torch.ones(n)\nw[0] = 0\nw")  # float weights written: values unknown


def test_a_whole_sequence_mask_counts_at_least_one_and_its_rows_or_padding_may_count_none():
    mask = "positions = torch.arange(t)\nmask = positions[None, :] < lengths[:, None]\n"
    assert not fact_of(mask + "mask.sum()").can(ZERO)
    assert not fact_of(mask + "(mask.unsqueeze(2) & mask.unsqueeze(1)).float().sum()").can(ZERO)
    assert not fact_of("lengths.unsqueeze(1).gt(torch.arange(t).unsqueeze(0)).sum()").can(ZERO)
    assert not fact_of("(~(torch.arange(t)[None] >= lengths[:, None])).sum()").can(ZERO)
    assert fact_of(mask + "mask.sum(1)").can(ZERO)  # an empty sequence's row
    assert fact_of("(torch.arange(t)[None] >= lengths[:, None]).sum()").can(ZERO)  # no padding at equal lengths
    assert fact_of(mask + "(mask & (x > 0)).sum()").can(ZERO)


def test_a_complemented_mask_is_a_mask_and_its_selection_may_be_empty():
    assert fact_of("(~(labels == 0)).sum()").can(ZERO)
    assert fact_of("x[~(labels == 0)]").has(SELECTED)
    assert fact_of("x[torch.logical_not(labels == 0)]").has(SELECTED)
    assert fact_of("~n").tags == frozenset()  # bitwise not of a number: nothing known


def test_a_selection_of_the_finite_entries_of_its_own_value_is_not_empty_by_itself():
    assert not fact_of("x[torch.isfinite(x)]").has(SELECTED)
    assert not fact_of("m = torch.isnan(x)\nx[~m]").has(SELECTED)
    assert not fact_of("x.masked_select(~torch.isinf(x))").has(SELECTED)
    assert fact_of("y[torch.isfinite(x)]").has(SELECTED)  # the finite entries of another tensor
    assert fact_of("x[torch.isnan(x)]").has(SELECTED)


def test_a_positive_scale_keeps_where_a_value_is_zero():
    assert holds("squared-distance", "0.5 * ((a - b) ** 2).sum(-1)")
    assert holds("squared-distance", "((a - b) ** 2).sum(-1) / temperature")
    assert fact_of("F.relu(x) * 2.0").can(ZERO) and "rectified" in fact_of("F.relu(x) * 2.0").tags
    assert not holds("squared-distance", "-0.5 * ((a - b) ** 2).sum(-1)")  # a Gaussian exponent instead


def test_numpy_math_of_a_number_is_a_number_not_an_array():
    assert "numpy" not in fact_of("scores / np.sqrt(d_k)").tags
    assert "numpy" not in fact_of("x - np.log((n - 1) / 2)").tags
    assert "numpy" in fact_of("p = t.cpu().numpy()\nnp.log(p) / 2").tags


def test_triu_and_tril_clear_one_side_of_the_diagonal_to_exactly_zero():
    cleared = fact_of("torch.sigmoid(x).triu(1)")
    assert cleared.can(ZERO) and cleared.why is not None and cleared.bounds == (0.0, 1.0) and "prob" in cleared.tags
    assert fact_of("torch.tril(torch.exp(x), -1)").can(ZERO)


def test_an_intersection_over_union_lies_in_zero_to_one():
    iou = "inter = (torch.min(a2, b2) - torch.max(a1, b1)).clamp(0)\ninter / ((a2 - a1) + (b2 - b1) - inter)"
    assert fact_of(iou).bounds == (0.0, 1.0)


def test_a_relus_zeros_pass_no_gradient_back_and_a_clamps_do_at_a_tie():
    assert not holds("zero-occurs", "torch.relu(x)")  # relu's backward selects: 0 where its output is 0
    assert not holds("zero-occurs", "2.0 * F.relu(x - t)")
    assert holds("zero-occurs", "x.clamp(min=0)")  # clamp passes the gradient where x is exactly 0
    assert holds("rectified", "torch.relu(x)")  # a forward zero all the same: log(relu(x)) is -inf


def test_review_cases_of_masks_and_scales():
    assert fact_of("x[step in torch.arange(t)]") is not None  # `in` is no ordering: no crash
    assert fact_of("torch.masked_select(x, mask=m)").has(SELECTED)
    assert fact_of("x.masked_select(mask=m)").has(SELECTED)
    assert holds("mask", "torch.logical_not(done)") and fact_of("r[torch.logical_not(done)]").has(SELECTED)
    assert fact_of("x[torch.arange(n) < 3 * (labels > 0).sum()]").has(SELECTED)  # the bound can be 0
    assert holds("zero-occurs", "torch.relu(h) * s.exp()")  # a learned scale's gradient is 0 / 0 there
