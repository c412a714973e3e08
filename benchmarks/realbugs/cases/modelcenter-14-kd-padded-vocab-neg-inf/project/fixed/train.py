import torch

from distill import distill_loss
from model import GPT2, GPT2Config

torch.manual_seed(0)
config = GPT2Config()
teacher, student = GPT2(config), GPT2(config)
optimizer = torch.optim.Adam(student.parameters(), lr=1e-4)

input_ids = torch.randint(0, config.vocab_size, (2, 6))
with torch.no_grad():
    logits_t = teacher(input_ids, return_logits=True)
logits_s = student(input_ids, return_logits=True)
d_loss = distill_loss(logits_s, logits_t)
optimizer.zero_grad()
d_loss.backward()
optimizer.step()
print(d_loss.item())
