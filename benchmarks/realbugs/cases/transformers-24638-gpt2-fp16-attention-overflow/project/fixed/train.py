import torch

from modeling_gpt2 import TinyGPT2LMHeadModel

torch.manual_seed(0)

model = TinyGPT2LMHeadModel()
with torch.no_grad():
    # late in training the first LayerNorm gain has grown large
    model.h.ln_1.weight.fill_(150.0)
model = model.half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

input_ids = torch.randint(0, 50, (2, 16))
optimizer.zero_grad()
loss, logits = model(input_ids, labels=input_ids)
loss.backward()
optimizer.step()
