import torch
from trainer_utils import nanstd


class GRPOAdvantages:
    def __init__(self, num_generations, scale_rewards=True):
        self.num_generations = num_generations
        self.scale_rewards = scale_rewards

    def compute(self, rewards_per_func, reward_weights):
        valid = ~torch.isnan(rewards_per_func).all(dim=1)
        rewards = torch.where(valid, torch.nansum(rewards_per_func * reward_weights, dim=1), torch.nan)
        grouped = rewards.view(-1, self.num_generations)
        mean_grouped_rewards = torch.nanmean(grouped, dim=1)
        std_grouped_rewards = torch.stack([nanstd(g) for g in grouped])
        mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(self.num_generations)
        std_grouped_rewards = std_grouped_rewards.repeat_interleave(self.num_generations)
        advantages = rewards - mean_grouped_rewards
        if self.scale_rewards:
            advantages = advantages / (std_grouped_rewards + 1e-4)
        return advantages[valid], valid
