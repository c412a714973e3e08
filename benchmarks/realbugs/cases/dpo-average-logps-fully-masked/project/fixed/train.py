import copy

import torch

from collator import collate
from dpo_utils import concatenated_forward, dpo_loss
from model import TinyLM

torch.manual_seed(0)
policy = TinyLM()
reference = copy.deepcopy(policy).eval()
optimizer = torch.optim.AdamW(policy.parameters(), lr=5e-5)
max_length = 8

pairs = [
    ([5, 6, 7], [8, 9, 10], [11, 12]),
    ([3, 4, 5, 6, 7, 8, 9, 10, 11], [12, 13], [14]),  # long prompt: nothing of the response survives truncation
]
batch = collate(pairs, max_length)

optimizer.zero_grad()
policy_chosen, policy_rejected = concatenated_forward(policy, batch, average_log_prob=True)
with torch.no_grad():
    ref_chosen, ref_rejected = concatenated_forward(reference, batch, average_log_prob=True)
loss = dpo_loss(policy_chosen, policy_rejected, ref_chosen, ref_rejected)
loss.backward()
optimizer.step()
print(policy_chosen, loss.item())
