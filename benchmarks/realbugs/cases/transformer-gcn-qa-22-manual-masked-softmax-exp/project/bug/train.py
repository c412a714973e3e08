"""Train TransformerGCNQA on one sample; the logit scale the model reaches overflows exp."""
import torch

from src.data import make_sample
from src.models import TransformerGCNQA

torch.manual_seed(0)
model = TransformerGCNQA()
with torch.no_grad():
    model.fc_logits.weight.mul_(200.0)  # logit scale reached after a few epochs of training
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
sample = make_sample()
prediction, loss = model(*sample)
optimizer.zero_grad()
loss.backward()
optimizer.step()
