import torch

from core_algos import compute_grpo_outcome_advantage
from dp_actor import DataParallelPPOActor, TinyPolicy

torch.manual_seed(0)
actor = DataParallelPPOActor(TinyPolicy())
# 2 prompts x 2 samples (GRPO groups); prompt 1's two samples got the same reward -> advantage 0
input_ids = torch.randint(0, 20, (4, 6))
responses = torch.randint(0, 20, (4, 6))
response_mask = torch.ones(4, 6)
token_level_rewards = torch.zeros(4, 6)
token_level_rewards[:, -1] = torch.tensor([1.0, 0.0, 1.0, 1.0])
index = ['p0', 'p0', 'p1', 'p1']
advantages = compute_grpo_outcome_advantage(token_level_rewards, response_mask, index)
# log-probs reported by the rollout engine; one sampled token it scored far lower than the trainer does
with torch.no_grad():
    old_log_probs = actor.compute_log_prob(input_ids, responses)
old_log_probs[2, 3] = -100.0

data = {'input_ids': input_ids, 'responses': responses, 'old_log_probs': old_log_probs,
        'advantages': advantages, 'response_mask': response_mask}
for step in range(2):
    pg_loss = actor.update_policy(data)
    print(step, pg_loss.item())
