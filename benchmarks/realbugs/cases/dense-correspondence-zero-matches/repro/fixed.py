import torch

torch.manual_seed(0)
image_a_pred = torch.randn(1, 64, 3, requires_grad=True)
image_b_pred = torch.randn(1, 64, 3, requires_grad=True)
matches_a = torch.tensor([], dtype=torch.long)
matches_b = torch.tensor([], dtype=torch.long)

num_matches = matches_a.size()[0]
matches_a_descriptors = torch.index_select(image_a_pred, 1, matches_a)
matches_b_descriptors = torch.index_select(image_b_pred, 1, matches_b)
match_loss = 1.0 / max(num_matches, 1) * (matches_a_descriptors - matches_b_descriptors).pow(2).sum()
