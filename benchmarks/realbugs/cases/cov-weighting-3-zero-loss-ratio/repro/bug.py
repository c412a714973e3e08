# rickgroen/cov-weighting#3: CoV-Weighting divides each loss by its first value / running mean (l = L / L0);
# a loss that is exactly 0 in the first iteration gives 0 / 0 = NaN, which enters the running statistics and,
# from the third iteration on, every loss weight (alphas) and the total loss.
import torch

torch.manual_seed(0)
num_losses = 3
running_mean_L = torch.zeros(num_losses)
running_mean_l = torch.zeros(num_losses)
running_S_l = torch.zeros(num_losses)
running_std_l = None
w = torch.tensor([0.5, 0.8, 0.2], requires_grad=True)
history = [torch.tensor([1.0, 0.5, 0.0]), torch.tensor([0.9, 0.4, 0.1]), torch.tensor([0.8, 0.45, 0.3])]

for current_iter, base in enumerate(history):
    unweighted_losses = [base[i] * w[i] / w[i].detach() for i in range(num_losses)]
    L = torch.tensor(unweighted_losses, requires_grad=False)
    L0 = L.clone() if current_iter == 0 else running_mean_L
    l = L / L0
    if current_iter <= 1:
        alphas = torch.ones(num_losses) / num_losses
    else:
        ls = running_std_l / running_mean_l
        alphas = ls / torch.sum(ls)
    mean_param = 0.0 if current_iter == 0 else (1. - 1 / (current_iter + 1))
    x_l = l.clone().detach()
    new_mean_l = mean_param * running_mean_l + (1 - mean_param) * x_l
    running_S_l += (x_l - running_mean_l) * (x_l - new_mean_l)
    running_mean_l = new_mean_l
    running_std_l = torch.sqrt(running_S_l / (current_iter + 1) + 1e-8)
    running_mean_L = mean_param * running_mean_L + (1 - mean_param) * L
    loss = sum(alphas[i] * unweighted_losses[i] for i in range(num_losses))
