import torch
import torch.nn as nn

torch.manual_seed(0)
FRAMES = 20

net = nn.GRU(16, 8, batch_first=True)
onset_head = nn.Linear(8, 1)
onset_criterion = nn.BCEWithLogitsLoss(reduction="none")

features = torch.randn(1, FRAMES, 16)
onset_prob = torch.zeros(1, FRAMES)
on_weight = (onset_prob > 0.5).float()

hidden, _ = net(features)
onset_logits = onset_head(hidden).squeeze(-1)
split_train_loss0 = torch.dot(onset_criterion(onset_logits, onset_prob)[0], on_weight[0]) / (torch.sum(on_weight) + 1e-8)
split_train_loss0.backward()
print("onset loss", split_train_loss0.item())
