import torch
import torch.nn.functional as F

from torchrec_lite.embedding_bag import KeyedJaggedTensor
from torchrec_lite.model import SimpleDLRM

torch.manual_seed(0)

model = SimpleDLRM()
optimizer = torch.optim.Adagrad(model.parameters(), lr=0.05)

# batch of 3: the second user has no tags at all
sparse = KeyedJaggedTensor(
    keys=["user_tags", "item_cats"],
    values=torch.tensor([1, 5, 7, 3, 2, 11, 4, 9]),
    lengths=torch.tensor([2, 0, 2, 1, 2, 1]),
)
dense = torch.randn(3, 4)
labels = torch.tensor([1.0, 0.0, 1.0])

optimizer.zero_grad()
logits = model(dense, sparse)
loss = F.binary_cross_entropy_with_logits(logits, labels)
loss.backward()
optimizer.step()
