import warnings

import torch as t

from local_graph import LocalGraph
from model import AutoCF

warnings.filterwarnings('ignore')
t.manual_seed(21)
USERS, ITEMS, DIM, EDGES = 150_000, 150_000, 16, 600_000
N = USERS + ITEMS
rows = t.randint(0, N, (EDGES,))
cols = t.randint(0, N, (EDGES,))
all_one_adj = t.sparse_coo_tensor(t.stack([rows, cols]), t.ones(EDGES), (N, N)).coalesce()

model = AutoCF(USERS, ITEMS, DIM)
sampler = LocalGraph(seed_num=100)
opt = t.optim.Adam(model.parameters(), lr=1e-3)
fix_steps = 10

for i in range(2):
    opt.zero_grad()
    ancs = t.randint(0, USERS, (1024,))
    poss = t.randint(0, ITEMS, (1024,))
    negs = t.randint(0, ITEMS, (1024,))
    loss = model.bpr_loss(ancs, poss, negs)
    if i % fix_steps == 0:
        samp_scores, seeds = sampler(all_one_adj, model.get_ego_embeds())
        local_global_loss = -samp_scores.mean()
        loss = loss + local_global_loss
    loss.backward()
    opt.step()
    print(i, loss.item())
