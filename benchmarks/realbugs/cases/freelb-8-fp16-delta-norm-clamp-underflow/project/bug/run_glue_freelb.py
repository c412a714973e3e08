import torch

from freelb import FreeLB
from modeling import TinyBertClassifier

torch.manual_seed(0)

model = TinyBertClassifier().half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
freelb = FreeLB(adv_K=3)

input_ids = torch.tensor([[12, 45, 7, 88, 0, 0], [5, 19, 33, 0, 0, 0], [9, 2, 71, 64, 23, 0]])
attention_mask = (input_ids != 0).long()
labels = torch.tensor([1, 0, 1])

for step in range(2):
    optimizer.zero_grad()
    tr_loss = freelb.attack(model, input_ids, attention_mask, labels)
    optimizer.step()
