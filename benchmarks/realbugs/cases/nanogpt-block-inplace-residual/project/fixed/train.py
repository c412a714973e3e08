import torch

from model import GPT, GPTConfig

torch.manual_seed(1337)
config = GPTConfig()
model = GPT(config)
optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95), weight_decay=0.1)
data = torch.randint(0, config.vocab_size, (2000,))


def get_batch(batch_size=4):
    ix = torch.randint(len(data) - config.block_size, (batch_size,))
    x = torch.stack([data[i:i + config.block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + config.block_size] for i in ix])
    return x, y


for iter_num in range(3):
    X, Y = get_batch()
    logits, loss = model(X, Y)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    print(iter_num, loss.item())
