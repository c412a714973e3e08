import torch

from model import GPT

torch.manual_seed(1337)
temperature = 0.0
top_k = 200
max_new_tokens = 5

model = GPT(vocab_size=32, n_embd=16, block_size=8)
model.eval()
start_ids = torch.tensor([[1, 2, 3]])
out = model.generate(start_ids, max_new_tokens, temperature=temperature, top_k=top_k)
print(out.tolist())
