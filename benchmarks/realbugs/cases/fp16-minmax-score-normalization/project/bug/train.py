import torch

from losses import Distillation
from model import ColBERT

torch.manual_seed(0)
model = ColBERT()
distillation = Distillation(model=model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
scaler = torch.amp.GradScaler("cpu")
fp16 = True

query = {"input_ids": torch.tensor([[1, 5, 9, 2]])}
passage = torch.tensor([[3, 14, 15, 9, 26, 5]])
documents = {"input_ids": passage.repeat(4, 1)}
labels = torch.tensor([[0.7, 0.1, 0.1, 0.1]])

for step in range(1):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16, enabled=fp16):
        loss = distillation(sentence_features=[query, documents], labels=labels)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    print(step, loss.item())
