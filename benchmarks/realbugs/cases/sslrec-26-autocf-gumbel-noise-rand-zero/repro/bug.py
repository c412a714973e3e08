# AutoCF (SSLRec) local-graph seed sampler: Gumbel noise -log(-log(u)) with
# u = torch.rand(...) over every node of a large user-item graph. rand can
# return exactly 0.0, the noise becomes -inf, and the infomax term
# -sampScores.mean() becomes inf.
import warnings

import torch
import torch.nn.functional as F

warnings.filterwarnings('ignore')
torch.manual_seed(21)
N, D, E = 300_000, 16, 600_000
rows = torch.randint(0, N, (E,))
cols = torch.randint(0, N, (E,))
adj = torch.sparse_coo_tensor(torch.stack([rows, cols]), torch.ones(E), (N, N)).coalesce()
embeds = torch.nn.Parameter(torch.randn(N, D) * 0.1)

order = torch.sparse.sum(adj, dim=-1).to_dense().view(-1, 1)
fst = torch.sparse.mm(adj, embeds) - embeds
sub = F.normalize(fst / (order + 1e-8), p=2)
scores = torch.sigmoid((sub * F.normalize(embeds, p=2)).sum(-1))

noise = torch.rand(scores.shape)
noise = -torch.log(-torch.log(noise))
samp_scores = torch.log(scores) + noise
_, seeds = torch.topk(samp_scores, 100)
local_global_loss = -samp_scores.mean()
print(local_global_loss.item())
