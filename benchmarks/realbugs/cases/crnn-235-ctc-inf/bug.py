import torch
import torch.nn as nn

torch.manual_seed(0)
nclass = 11
cnn = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(4))
rnn = nn.LSTM(16 * 8, 32, bidirectional=True)
fc = nn.Linear(64, nclass)
criterion = nn.CTCLoss()

image = torch.rand(2, 1, 32, 24)
conv = cnn(image)
b, c, h, w = conv.size()
seq = conv.permute(3, 0, 1, 2).reshape(w, b, c * h)
out, _ = rnn(seq)
preds = fc(out).log_softmax(2)
text = torch.tensor([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9])
length = torch.tensor([5, 9])
preds_size = torch.full((b,), preds.size(0), dtype=torch.long)
cost = criterion(preds, text, preds_size, length)
cost.backward()
print(cost)
