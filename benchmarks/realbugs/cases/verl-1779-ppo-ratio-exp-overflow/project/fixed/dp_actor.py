import torch
import torch.nn as nn
import torch.nn.functional as F

from core_algos import compute_policy_loss


class TinyPolicy(nn.Module):
    def __init__(self, vocab=20, hidden=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, input_ids):
        return self.lm_head(torch.tanh(self.embed(input_ids)))


class DataParallelPPOActor:
    def __init__(self, policy, lr=1e-6):
        self.actor_module = policy
        self.actor_optimizer = torch.optim.AdamW(policy.parameters(), lr=lr)

    def compute_log_prob(self, input_ids, responses):
        logits = self.actor_module(input_ids)
        return torch.gather(F.log_softmax(logits, -1), 2, responses.unsqueeze(-1)).squeeze(-1)

    def update_policy(self, data):
        log_prob = self.compute_log_prob(data['input_ids'], data['responses'])
        pg_loss, ppo_kl = compute_policy_loss(data['old_log_probs'], log_prob, data['advantages'],
                                              data['response_mask'])
        self.actor_optimizer.zero_grad()
        pg_loss.backward()
        self.actor_optimizer.step()
        return pg_loss
