import torch
import torch.nn as nn

from data import make_micro_batch, shard_rollouts
from loss import compute_loss, selective_log_softmax

torch.manual_seed(0)
VOCAB, DIM, SEQ = 32, 16, 12
WORLD_SIZE, RANK, MICRO_BATCHES = 4, 3, 2

model = nn.Sequential(nn.Embedding(VOCAB, DIM), nn.Linear(DIM, VOCAB))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

# the orchestrator produced only 3 rollouts this step: rank 3 gets none
rollouts = [
    make_micro_batch(
        torch.randint(0, VOCAB, (1, SEQ)),
        -torch.rand(1, SEQ) * 3,
        torch.randn(1, SEQ),
        torch.rand(1, SEQ) > 0.3,
    )
    for _ in range(3)
]
micro_batches = shard_rollouts(rollouts, WORLD_SIZE, RANK, MICRO_BATCHES, SEQ)

# normalise by the local number of unmasked tokens
loss_scale = sum(mb["loss_mask"].sum().item() for mb in micro_batches)

optimizer.zero_grad()
for mb in micro_batches:
    logits = model(mb["input_ids"])
    logprobs = selective_log_softmax(logits, mb["input_ids"])
    loss = compute_loss(logprobs, mb["inference_logprobs"], mb["advantages"], mb["loss_mask"], loss_scale)
    loss.backward()
optimizer.step()
print(RANK, loss_scale, loss.item())
