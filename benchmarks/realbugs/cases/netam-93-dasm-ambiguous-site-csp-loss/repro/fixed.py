# fixed as in netam#93: subs_mask = (aa_subs_indicator == 1) & mask.
# matsengrp/netam#93: training the DASM on sequences with ambiguous codons. Masked (ambiguous) sites get a neutral
# probability of 0, so log_neutral_aa_probs = -inf there; the conditional-substitution cross entropy selects the
# substituted sites with aa_subs_indicator == 1 only, without the mask, and an ambiguous parent site (X != child)
# enters it with all-(-inf) logits for the child residue: the loss is inf.
import torch

torch.manual_seed(0)
BIG = 1e9
B, L = 2, 8
aa_parents_idxs = torch.randint(0, 20, (B, L))
aa_children_idxs = aa_parents_idxs.clone()
aa_children_idxs[0, 3] = (aa_parents_idxs[0, 3] + 5) % 20  # a real substitution
aa_parents_idxs[1, 3] = 20  # 'X': ambiguous codon in the parent
aa_children_idxs[1, 3] = 11
aa_subs_indicator = (aa_parents_idxs != aa_children_idxs).float()
mask = aa_parents_idxs != 20

neutral_aa_probs = torch.softmax(torch.randn(B, L, 20), dim=-1) * 0.05
log_neutral_aa_probs = torch.log(neutral_aa_probs * mask[:, :, None])
log_selection_factors = torch.nn.functional.logsigmoid(torch.randn(B, L, 20, requires_grad=True))

predictions = torch.clamp(log_neutral_aa_probs + log_selection_factors, max=0.0)
predictions = torch.cat([predictions, torch.zeros_like(predictions[:, :, :1])], dim=-1)
predictions[torch.arange(B)[:, None], torch.arange(L), aa_parents_idxs] = -BIG

subs_mask = (aa_subs_indicator == 1) & mask
csp_predictions = predictions[subs_mask]
csp_targets = aa_children_idxs[subs_mask]
csp_loss = torch.nn.CrossEntropyLoss()(csp_predictions, csp_targets)
