import torch
import torch.nn as nn

import core_algos
import torch_functional as verl_F

torch.manual_seed(0)
vocab, hidden, resp_len = 50, 32, 8


class TinyActor(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, input_ids):
        return self.lm_head(torch.tanh(self.embed(input_ids)))


actor = TinyActor()
optimizer = torch.optim.AdamW(actor.parameters(), lr=1e-3)
config = {"clip_ratio": 0.2, "entropy_coeff": 1e-3, "ppo_micro_batch_size": 2}

responses = torch.randint(0, vocab, (4, resp_len))
with torch.no_grad():
    old_log_prob = verl_F.logprobs_from_logits(actor(responses), responses)
advantages = torch.randn(4, resp_len)
response_mask = torch.ones(4, resp_len)
response_mask[2:] = 0.0

for start in range(0, 4, config["ppo_micro_batch_size"]):
    sl = slice(start, start + config["ppo_micro_batch_size"])
    logits = actor(responses[sl])
    log_prob = verl_F.logprobs_from_logits(logits, responses[sl])
    pg_loss, pg_clipfrac, ppo_kl = core_algos.compute_policy_loss(
        old_log_prob[sl], log_prob, advantages[sl], response_mask[sl], config["clip_ratio"])
    entropy_loss = core_algos.compute_entropy_loss(logits, response_mask[sl])
    policy_loss = pg_loss - entropy_loss * config["entropy_coeff"]
    optimizer.zero_grad()
    policy_loss.backward()
    optimizer.step()
    print(start, policy_loss.item())
