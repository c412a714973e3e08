import torch as th
import torch.nn.functional as F
from model import SetTransformerEncoder

th.manual_seed(0)
model = SetTransformerEncoder()
optimizer = th.optim.Adam(model.parameters(), lr=1e-3)

lengths = [3, 5, 2]
node_feat = th.randn(sum(lengths), 8)
labels = th.tensor([0, 2, 1])

optimizer.zero_grad()
logits = model(node_feat, lengths)
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
alpha = model.mha.last_alpha
print("loss", loss.item())
