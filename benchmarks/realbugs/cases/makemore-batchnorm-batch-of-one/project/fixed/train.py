import torch

from model import MLP

words = ["emma", "olivia", "ava", "isabella", "sophia", "mia", "amelia", "harper", "evelyn"]
chars = sorted(set("".join(words)))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
block_size = 3


def build_dataset(words):
    X, Y = [], []
    for w in words:
        context = [0] * block_size
        for ch in w + ".":
            ix = stoi[ch]
            X.append(context)
            Y.append(ix)
            context = context[1:] + [ix]
    return torch.tensor(X), torch.tensor(Y)


Xtr, Ytr = build_dataset(words)
model = MLP(len(stoi), block_size)
parameters = model.parameters()
batch_size = 28
lossi = []
for start in range(0, Xtr.shape[0], batch_size):
    Xb, Yb = Xtr[start:start + batch_size], Ytr[start:start + batch_size]
    logits, loss = model(Xb, Yb)
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1
    for p in parameters:
        p.data += -lr * p.grad
    lossi.append(loss.item())

bn = model.layers[1]
print(Xtr.shape[0], lossi)
