import torch


class RewardNormalizer:
    def __init__(self, decay=0.999, scale=1.0):
        self._normalize_has_been_called = False
        self._update_has_been_called = False
        self._reward_stats = {"decay": decay}
        self.scale = scale

    @torch.no_grad()
    def update_reward_stats(self, batch):
        reward = batch["reward"]
        decay = self._reward_stats.get("decay", 0.999)
        sum = self._reward_stats["sum"] = decay * self._reward_stats.get("sum", 0.0) + reward.sum()
        ssq = self._reward_stats["ssq"] = decay * self._reward_stats.get("ssq", 0.0) + reward.pow(2).sum()
        count = self._reward_stats["count"] = decay * self._reward_stats.get("count", 0.0) + reward.numel()
        self._reward_stats["mean"] = sum / count
        var = self._reward_stats["var"] = ssq / count - (sum / count).pow(2)
        self._reward_stats["std"] = var.clamp_min(0.0).sqrt()
        self._update_has_been_called = True

    def normalize_reward(self, batch):
        reward = batch["reward"]
        reward = reward - self._reward_stats["mean"]
        reward = reward / self._reward_stats["std"]
        batch["reward"] = reward * self.scale
        return batch
