import torch
from torch.distributions import Categorical, kl_divergence


def reduce_mean_valid(t):
    return torch.mean(t)


def ppo_surrogate_loss(policy, model, train_batch):
    cfg = policy.config
    logits = model(train_batch["obs"])
    curr_action_dist = Categorical(logits=logits)
    prev_action_dist = Categorical(logits=train_batch["action_dist_inputs"])
    logp_ratio = torch.exp(curr_action_dist.log_prob(train_batch["actions"]) - train_batch["action_logp"])
    if cfg["kl_coeff"] > 0.0:
        action_kl = kl_divergence(prev_action_dist, curr_action_dist)
        mean_kl_loss = reduce_mean_valid(action_kl)
    else:
        mean_kl_loss = torch.tensor(0.0)
    curr_entropy = curr_action_dist.entropy()
    adv = train_batch["advantages"]
    surrogate_loss = torch.min(adv * logp_ratio,
                               adv * torch.clamp(logp_ratio, 1 - cfg["clip_param"], 1 + cfg["clip_param"]))
    vf_loss = torch.pow(model.value_function() - train_batch["value_targets"], 2.0)
    total_loss = reduce_mean_valid(-surrogate_loss + cfg["vf_loss_coeff"] * vf_loss
                                   - cfg["entropy_coeff"] * curr_entropy)
    if cfg["kl_coeff"] > 0.0:
        total_loss = total_loss + policy.kl_coeff * mean_kl_loss
    policy.stats = {"kl": mean_kl_loss, "entropy": reduce_mean_valid(curr_entropy)}
    return total_loss
