import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

encoder = nn.Sequential(nn.Conv1d(10, 16, 3, stride=2), nn.ReLU(), nn.Conv1d(16, 16, 3, stride=2))
ctc_lo = nn.Linear(16, 12)
ctc_loss = nn.CTCLoss(blank=0, reduction="sum", zero_infinity=True)

feats = torch.randn(2, 10, 40)
feat_lens = torch.tensor([40, 11])
h = encoder(feats).transpose(1, 2)
h_lens = ((feat_lens - 1) // 2 - 1) // 2
logp = F.log_softmax(ctc_lo(h), dim=-1).transpose(0, 1)
ys = torch.tensor([[3, 5, 7, 2, 0], [4, 4, 6, 9, 1]])
ys_lens = torch.tensor([4, 5])
loss = ctc_loss(logp, ys, h_lens, ys_lens) / 2
loss.backward()
print(loss.item())
