import torch

torch.manual_seed(0)

embeddings = torch.nn.functional.normalize(torch.randn(4, 8), dim=1)
labels = torch.tensor([0, 1, 2, 3])
margin = 1.0
pdist = torch.cdist(embeddings, embeddings).pow(2)
adjacency = labels.unsqueeze(0) == labels.unsqueeze(1)
adjacency_not = ~adjacency
mask_positives = adjacency.float() - torch.eye(4)
neg_inside = torch.where(adjacency_not, pdist, torch.full_like(pdist, 1e9)).min(1, keepdim=True).values
loss_mat = margin + pdist - neg_inside
num_positives = mask_positives.sum()
triplet_loss = torch.clamp(loss_mat * mask_positives, min=0.0).sum() / num_positives
print(triplet_loss)
