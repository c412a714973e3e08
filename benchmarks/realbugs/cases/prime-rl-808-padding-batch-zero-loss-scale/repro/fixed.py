# FIXED (prime-rl PR #808): add an epsilon to the loss-scale division.
# prime-rl trainer: the loss of the local micro-batches is normalised by the
# number of unmasked tokens on this rank. When the data loader pads a rank with
# dummy micro-batches (loss_mask all False), loss_scale is 0 and the loss is 0/0.
import torch
import torch.nn as nn

torch.manual_seed(0)
vocab, dim, seq = 32, 16, 12
model = nn.Sequential(nn.Embedding(vocab, dim), nn.Linear(dim, vocab))
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

# this rank only received padding micro-batches
micro_batches = [
    {
        "input_ids": torch.zeros(1, seq, dtype=torch.long),
        "inference_logprobs": torch.zeros(1, seq),
        "advantages": torch.zeros(1, seq),
        "loss_mask": torch.zeros(1, seq, dtype=torch.bool),
    }
    for _ in range(2)
]
loss_scale = sum(mb["loss_mask"].sum().item() for mb in micro_batches)

opt.zero_grad()
for mb in micro_batches:
    logits = model(mb["input_ids"])
    logprobs = torch.gather(logits.log_softmax(-1), -1, mb["input_ids"].unsqueeze(-1)).squeeze(-1)
    ratio = torch.exp(logprobs - mb["inference_logprobs"])
    per_token = -ratio * mb["advantages"]
    loss = (per_token * mb["loss_mask"]).sum() / (loss_scale + 1e-8)
    loss.backward()
opt.step()
weight = model[1].weight
print(loss.item(), weight.isnan().any().item())
