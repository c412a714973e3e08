import torch

from encoder import TransformerEncoder

torch.manual_seed(0)
fp16 = True
model = TransformerEncoder(vocab_size=30)
if fp16:
    model = model.half()
head = torch.nn.Linear(16, 30)
optimizer = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.01)

src_tokens = torch.randint(2, 30, (2, 7))
targets = torch.randint(2, 30, (2, 7))

optimizer.zero_grad()
enc = model(src_tokens)
logits = head(enc.float()).transpose(0, 1)
loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 30), targets.reshape(-1))
loss.backward()
optimizer.step()
print(loss.item())
