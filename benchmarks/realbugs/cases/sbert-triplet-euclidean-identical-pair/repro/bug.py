import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def pairwise_euclidean_sim(a, b):
    return -torch.sqrt(torch.sum((a - b) ** 2, dim=-1))


encoder = nn.EmbeddingBag(50, 8, mode="mean")
anchor_ids = torch.tensor([[3, 7, 9], [4, 5, 6]])
positive_ids = torch.tensor([[3, 7, 9], [4, 6, 8]])
negative_ids = torch.tensor([[11, 12, 13], [21, 22, 23]])

rep_anchor = encoder(anchor_ids)
rep_pos = encoder(positive_ids)
rep_neg = encoder(negative_ids)
distance_pos = -pairwise_euclidean_sim(rep_anchor, rep_pos)
distance_neg = -pairwise_euclidean_sim(rep_anchor, rep_neg)
loss = F.relu(distance_pos - distance_neg + 5.0).mean()
loss.backward()
print("loss", loss.item())
