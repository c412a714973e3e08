import torch
from model import MeanPoolingEncoder
from losses import TripletLoss

torch.manual_seed(0)
model = MeanPoolingEncoder()
train_loss = TripletLoss(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)

vocab = {w: i for i, w in enumerate("the cat sat on mat a dog ran in park sky is blue green".split())}
def tok(s):
    return torch.tensor([vocab[w] for w in s.split()])

anchors = torch.stack([tok("the cat sat"), tok("a dog ran")])
positives = torch.stack([tok("the cat sat"), tok("a dog sat")])
negatives = torch.stack([tok("sky is blue"), tok("in park green")])

optimizer.zero_grad()
loss = train_loss(anchors, positives, negatives)
loss.backward()
optimizer.step()
print("loss", loss.item())
