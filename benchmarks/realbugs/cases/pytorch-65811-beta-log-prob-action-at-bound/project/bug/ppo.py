import torch


class PPO(object):
    def __init__(self, policy, lr=3e-4, clip=0.2, target_kl=0.05, epochs=4):
        self.policy = policy
        self.optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
        self.clip = clip
        self.target_kl = target_kl
        self.epochs = epochs

    def update(self, buf):
        stats = {}
        for epoch in range(self.epochs):
            log_probs, entropy, values = self.policy.evaluate(buf["obs"], buf["actions"])
            ratio = torch.exp(log_probs - buf["log_probs"])
            surr1 = ratio * buf["advantages"]
            surr2 = torch.clamp(ratio, 1 - self.clip, 1 + self.clip) * buf["advantages"]
            policy_loss = -torch.min(surr1, surr2).mean()
            value_loss = (values - buf["returns"]).pow(2).mean()
            loss = policy_loss + 0.5 * value_loss - 0.01 * entropy.mean()
            approx_kl = (buf["log_probs"] - log_probs).mean()
            stats = {"loss": loss, "approx_kl": approx_kl}
            if approx_kl > 1.5 * self.target_kl:
                break
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return stats
