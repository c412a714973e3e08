import torch

torch.manual_seed(0)


def nanstd(tensor):
    variance = torch.nanmean((tensor - torch.nanmean(tensor, keepdim=True)) ** 2)
    count = torch.sum(~torch.isnan(tensor))
    if count > 1:
        variance *= count / (count - 1)
    return torch.sqrt(variance)


num_generations = 4
rewards = torch.tensor([0.8, 0.1, 0.5, 0.9, 1.0, float("nan"), float("nan"), float("nan")])
grouped = rewards.view(-1, num_generations)
mean_grouped_rewards = torch.nanmean(grouped, dim=1)
std_grouped_rewards = torch.stack([nanstd(g) for g in grouped])
mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(num_generations)
std_grouped_rewards = std_grouped_rewards.repeat_interleave(num_generations)
advantages = rewards - mean_grouped_rewards
advantages = advantages / (std_grouped_rewards + 1e-4)
advantages = advantages[~torch.isnan(rewards)]
print(advantages)
