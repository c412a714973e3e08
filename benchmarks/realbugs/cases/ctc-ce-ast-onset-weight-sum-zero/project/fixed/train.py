import torch
from model import OnsetOffsetNet
from losses import SplitFrameLoss

torch.manual_seed(0)
model = OnsetOffsetNet()
criterion = SplitFrameLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

features = torch.randn(1, 20, 16)
onset_prob = torch.zeros(1, 20)
offset_prob = torch.zeros(1, 20)
offset_prob[0, 12] = 1.0

optimizer.zero_grad()
onset_logits, offset_logits = model(features)
split_train_loss0, split_train_loss1 = criterion(onset_logits, offset_logits, onset_prob, offset_prob)
loss = split_train_loss0 + split_train_loss1
loss.backward()
optimizer.step()
print("loss", loss.item())
