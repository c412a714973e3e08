import torch

from openrlhf.models.loss import PolicyLoss

torch.manual_seed(0)
vocab, hidden, seq = 32, 16, 6
actor = torch.nn.Sequential(torch.nn.Embedding(vocab, hidden), torch.nn.Linear(hidden, vocab))
optimizer = torch.optim.Adam(actor.parameters(), lr=1e-6)
policy_loss_fn = PolicyLoss(enable_vllm_is_correction=True, vllm_is_correction_type="icepop",
                            vllm_is_truncated_threshold=[0.5, 5.0])

sequences = torch.randint(0, vocab, (2, seq + 1))
actions = sequences[:, 1:]
with torch.no_grad():
    old_action_log_probs = torch.log_softmax(actor(sequences[:, :-1]), -1).gather(-1, actions[..., None]).squeeze(-1)
# log-probs reported by the vLLM rollout engine: a stale token the sampler gave a vanishing probability
rollout_log_probs = old_action_log_probs.clone()
rollout_log_probs[0, 2] = -1000.0
advantages = torch.tensor([[0.5] * seq, [-0.3] * seq])
action_mask = torch.ones(2, seq)

action_log_probs = torch.log_softmax(actor(sequences[:, :-1]), -1).gather(-1, actions[..., None]).squeeze(-1)
actor_loss = policy_loss_fn(action_log_probs, old_action_log_probs, advantages, action_mask=action_mask,
                            rollout_log_probs=rollout_log_probs)
optimizer.zero_grad()
actor_loss.backward()
optimizer.step()
