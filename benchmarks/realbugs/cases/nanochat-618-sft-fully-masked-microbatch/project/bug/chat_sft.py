import torch

from nanochat.gpt import GPT, GPTConfig
from nanochat.sft_data import sft_collate

torch.manual_seed(0)
device_batch_size = 2
grad_accum_steps = 2
max_len = 16

model = GPT(GPTConfig())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

# long user prompts truncated at max_len: the assistant answers of these two were cut off entirely
conversations = [
    [("user", list(range(1, 20))), ("assistant", [40, 41, 42])],
    [("user", list(range(3, 21))), ("assistant", [43, 44])],
    [("user", [5, 6, 7]), ("assistant", [45, 46, 47, 48])],
    [("user", [8, 9]), ("assistant", [49, 50, 51])],
]

optimizer.zero_grad()
train_losses = []
for micro_step in range(grad_accum_steps):
    batch = conversations[micro_step * device_batch_size:(micro_step + 1) * device_batch_size]
    train_inputs, train_targets = sft_collate(batch, max_len)
    loss = model(train_inputs, train_targets)
    train_loss = loss.detach()  # for logging
    train_losses.append(train_loss)
    loss = loss / grad_accum_steps
    loss.backward()
optimizer.step()
