import torch


def masked_mean(values, mask, axis=None):
    return (values * mask).sum(axis=axis) / mask.sum(axis=axis)


def compute_grpo_outcome_advantage(token_level_rewards, response_mask, index, epsilon=1e-6):
    scores = token_level_rewards.sum(dim=-1)
    id2score = {}
    for i in range(scores.shape[0]):
        id2score.setdefault(index[i], []).append(scores[i])
    id2mean, id2std = {}, {}
    for idx, group in id2score.items():
        group = torch.stack(group)
        id2mean[idx], id2std[idx] = group.mean(), group.std()
    for i in range(scores.shape[0]):
        scores[i] = (scores[i] - id2mean[index[i]]) / (id2std[index[i]] + epsilon)
    return scores.unsqueeze(-1) * response_mask


def compute_policy_loss(old_log_prob, log_prob, advantages, response_mask, cliprange=0.2):
    negative_approx_kl = log_prob - old_log_prob
    negative_approx_kl = torch.clamp(negative_approx_kl, min=-10.0, max=10.0)
    ratio = torch.exp(negative_approx_kl)
    ppo_kl = masked_mean(-negative_approx_kl, response_mask)
    pg_losses = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1.0 - cliprange, 1.0 + cliprange)
    clip_pg_losses = torch.maximum(pg_losses, pg_losses2)
    pg_loss = masked_mean(clip_pg_losses, response_mask)
    return pg_loss, ppo_kl
