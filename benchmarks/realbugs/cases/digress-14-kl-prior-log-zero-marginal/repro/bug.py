import torch
import torch.nn.functional as F

torch.manual_seed(0)

x_marginals = torch.tensor([0.7, 0.2, 0.1, 0.0])
alpha_bar_T = torch.tensor(0.0)
Qtb = alpha_bar_T * torch.eye(4) + (1 - alpha_bar_T) * x_marginals.unsqueeze(0).expand(4, 4)
X = F.one_hot(torch.tensor([[0, 1, 2, 0, 1]]), num_classes=4).float()
probX = X @ Qtb
limit_X = x_marginals.expand(1, 5, 4)
kl_distance_X = F.kl_div(input=probX.log(), target=limit_X, reduction="none")
kl_prior = kl_distance_X.sum()
