# yinghdb/EmbedMask#14: turning on `act` in the Lovasz hinge loss (probabilities mapped back to logits with
# log(p) - log(1 - p)) gives NaN/Inf: a pixel whose embedding sits on its instance center has p = 1 exactly.
import torch
import torch.nn.functional as F

torch.manual_seed(0)

pixel_embed = torch.randn(12, 4)
center = pixel_embed[3].detach().clone()  # the center is the mean embedding of the (single-pixel) proposal
pixel_embed.requires_grad_(True)
sigma = torch.tensor(1.0, requires_grad=True)
target = torch.zeros(12)
target[:5] = 1

prob = torch.exp(-((pixel_embed - center) ** 2).sum(-1) / (2 * sigma ** 2))
m = (prob < 0.999999) * (prob > 1e-9)
prob, target = prob[m], target[m]
logits = torch.log(prob) - torch.log(1 - prob)
signs = 2.0 * target - 1.0
errors = 1.0 - logits * signs
errors_sorted, perm = torch.sort(errors, dim=0, descending=True)
gt_sorted = target[perm]
gts = gt_sorted.sum()
intersection = gts - gt_sorted.cumsum(0)
union = gts + (1 - gt_sorted).cumsum(0)
jaccard = 1.0 - intersection / union
jaccard[1:] = jaccard[1:] - jaccard[:-1]
loss = torch.dot(F.relu(errors_sorted), jaccard)
loss.backward()
