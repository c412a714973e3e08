import torch
import torch.nn.functional as F

from beats import BEATs, BEATsConfig

torch.manual_seed(0)

model = BEATs(BEATsConfig())
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
fbank = torch.randn(4, 32, 16)
labels = torch.tensor([0, 2, 4, 1])

model.train()
for step in range(2):
    logits = model(fbank)
    loss = F.cross_entropy(logits, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
