import torch
from model import DecomposableAttention
from loss import label_nll

torch.manual_seed(0)
glove = torch.randn(50, 8) * 60.0
model = DecomposableAttention(pretrained=glove)
optimizer = torch.optim.Adagrad([p for p in model.parameters() if p.requires_grad], lr=0.05)

premise = torch.randint(0, 50, (4, 7))
hypothesis = torch.randint(0, 50, (4, 5))
labels = torch.nn.functional.one_hot(torch.tensor([0, 2, 1, 0]), 3)

for step in range(2):
    out = model(premise, hypothesis)
    loss = label_nll(out["label_logits"], labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
