import torch
import torch.nn as nn

torch.manual_seed(0)

n_users, n_items, dim = 20, 30, 8
user_emb = nn.Embedding(n_users, dim)
item_emb = nn.Embedding(n_items, dim)
u = torch.tensor([0, 3, 5, 7])
pos = torch.tensor([1, 2, 4, 8])
neg = torch.tensor([10, 11, 12, 13])
final_user, final_pos, final_nega = user_emb(u), item_emb(pos), item_emb(neg)
out = ((final_user * final_pos).sum(1) - (final_user * final_nega).sum(1)).sigmoid()
loss = -torch.log(out + 1e-10).sum()
loss.backward()
print(loss.item())
