import torch

gdpo_epsilon = 1e-4


class GDPOTrainer:
    def __init__(self, model, args):
        self.model = model
        self.args = args
        self.num_generations = args.num_generations
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)

    def _compute_advantages(self, rewards):
        mean_grouped_rewards = rewards.view(-1, self.num_generations).mean(dim=1)
        if self.num_generations == 1:
            std_grouped_rewards = torch.zeros_like(mean_grouped_rewards)
        else:
            std_grouped_rewards = rewards.view(-1, self.num_generations).std(dim=1)

        mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(
            self.num_generations, dim=0
        )
        std_grouped_rewards = std_grouped_rewards.repeat_interleave(
            self.num_generations, dim=0
        )
        advantages = rewards - mean_grouped_rewards
        if self.args.scale_rewards:
            advantages = advantages / (std_grouped_rewards + gdpo_epsilon)
        return advantages

    def training_step(self, prompts, completions, rewards):
        advantages = self._compute_advantages(rewards)
        logits = self.model(prompts)
        per_token_logps = torch.log_softmax(logits, dim=-1).gather(-1, completions[..., None]).squeeze(-1)
        loss = -(advantages[:, None] * per_token_logps).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss, advantages
