# Fixed as proposed in the review: a group of one has std 0.
# GDPO/GRPO fallback advantage: rewards are grouped per prompt and divided by the group's standard
# deviation; with num_generations == 1 each group holds one reward and the unbiased std() is nan.
import torch

torch.manual_seed(0)

num_generations = 1
gdpo_epsilon = 1e-4
rewards = torch.tensor([1.0, 0.0, 0.5, 1.0])
logits = torch.randn(4, 5, 32, requires_grad=True)
completions = torch.randint(0, 32, (4, 5))

mean_grouped_rewards = rewards.view(-1, num_generations).mean(dim=1)
if num_generations == 1:
    std_grouped_rewards = torch.zeros_like(mean_grouped_rewards)
else:
    std_grouped_rewards = rewards.view(-1, num_generations).std(dim=1)
mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(num_generations, dim=0)
std_grouped_rewards = std_grouped_rewards.repeat_interleave(num_generations, dim=0)
advantages = rewards - mean_grouped_rewards
advantages = advantages / (std_grouped_rewards + gdpo_epsilon)

per_token_logps = torch.log_softmax(logits, dim=-1).gather(-1, completions[..., None]).squeeze(-1)
loss = -(advantages[:, None] * per_token_logps).mean()
loss.backward()
