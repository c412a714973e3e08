# KevinMusgrave/pytorch-metric-learning#660: PNPLoss returns NaN when a batch holds a sample whose label
# has no other sample (labels [1, 1, 2]): its N_pos is 0, and the per-anchor loss is 0 / 0.
import torch
import torch.nn.functional as F

torch.manual_seed(0)

embeddings = torch.randn(3, 8, requires_grad=True)
labels = torch.tensor([1, 1, 2])
anneal = 0.01

N = labels.size(0)
matches = (labels.unsqueeze(1) == labels.unsqueeze(0)).byte()
diffs = matches ^ 1
matches.fill_diagonal_(0)
a1_idx, p_idx = torch.where(matches)
a2_idx, n_idx = torch.where(diffs)
I_pos = torch.zeros(N, N)
I_neg = torch.zeros(N, N)
I_pos[a1_idx, p_idx] = 1
I_pos[a1_idx, a1_idx] = 1
I_neg[a2_idx, n_idx] = 1
N_pos = torch.sum(I_pos, dim=1)

emb = F.normalize(embeddings, dim=1)
sim_all = emb @ emb.t()
mask = I_neg.unsqueeze(dim=0).repeat(N, 1, 1)
sim_all_repeat = sim_all.unsqueeze(dim=1).repeat(1, N, 1)
sim_diff = sim_all_repeat - sim_all_repeat.permute(0, 2, 1)
sim_sg = torch.sigmoid(sim_diff / anneal) * mask
sim_all_rk = torch.sum(sim_sg, dim=-1)
sim_all_rk = torch.log(1 + sim_all_rk)
safe_N = N_pos > 0
loss = torch.sum(sim_all_rk * I_pos, dim=-1)[safe_N] / N_pos[safe_N].reshape(-1)
loss = torch.sum(loss) / torch.sum(safe_N)
loss.backward()
