"""PPO policy update over minibatches of the rollout buffer."""
import torch
import torch.nn as nn


def update_policy(agent, policy_optimizer, args, b_obs, b_actions, b_logprobs, b_advantages):
    clipfracs = []
    for epoch in range(args.update_epochs):
        b_inds = torch.randperm(args.batch_size)
        for start in range(0, args.batch_size, args.policy_minibatch_size):
            end = start + args.policy_minibatch_size
            mb_inds = b_inds[start:end]
            _, newlogprob, entropy, _ = agent.get_action_and_value(b_obs[mb_inds], b_actions[mb_inds], return_value=False)
            logratio = newlogprob - b_logprobs[mb_inds]
            ratio = logratio.exp()
            with torch.no_grad():
                clipfracs += [((ratio - 1.0).abs() > args.clip_coef).float().mean().item()]

            mb_advantages = b_advantages[mb_inds]
            if args.norm_adv:
                mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)

            # Policy loss
            pg_loss1 = -mb_advantages * ratio
            pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
            pg_loss = torch.max(pg_loss1, pg_loss2).mean()
            loss = pg_loss - args.ent_coef * entropy.mean()

            policy_optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
            policy_optimizer.step()
    return loss.detach(), clipfracs
