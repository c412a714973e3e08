import torch


def ppo_update(agent, optimizer, cfg, b_obs, b_actions, b_logprobs, b_advantages, b_returns):
    b_inds = torch.randperm(cfg.batch_size)
    for start in range(0, cfg.batch_size, cfg.minibatch_size):
        mb_inds = b_inds[start:start + cfg.minibatch_size]
        _, newlogprob, entropy, newvalue = agent.get_action_and_value(b_obs[mb_inds], b_actions[mb_inds])
        ratio = (newlogprob - b_logprobs[mb_inds]).exp()
        mb_advantages = b_advantages[mb_inds]
        if cfg.norm_adv:
            mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
        pg_loss1 = -mb_advantages * ratio
        pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - cfg.clip_coef, 1 + cfg.clip_coef)
        pg_loss = torch.max(pg_loss1, pg_loss2).mean()
        v_loss = 0.5 * ((newvalue - b_returns[mb_inds]) ** 2).mean()
        loss = pg_loss - cfg.ent_coef * entropy.mean() + v_loss * cfg.vf_coef
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss
