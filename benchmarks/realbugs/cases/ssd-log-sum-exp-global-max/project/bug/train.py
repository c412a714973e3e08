import torch
from multibox_loss import MultiBoxLoss

torch.manual_seed(0)
num_classes = 5
conf_head = torch.nn.Linear(8, num_classes)
criterion = MultiBoxLoss(num_classes)
optimizer = torch.optim.SGD(conf_head.parameters(), lr=1e-3, momentum=0.9)

state = {"weight": 0.5 + 0.01 * torch.randn(num_classes, 8), "bias": torch.zeros(num_classes)}
conf_head.load_state_dict(state)

features = torch.randn(2, 6, 8)
features[0, 3] = 15.0
features[1, 1] = -15.0
conf_t = torch.zeros(2, 6, dtype=torch.long)
conf_t[0, 3] = 1

optimizer.zero_grad()
conf_data = conf_head(features)
loss = criterion(conf_data, conf_t)
loss.backward()
optimizer.step()
mining_scores = criterion.mining_scores
print("loss", loss.item())
