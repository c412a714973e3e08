import torch
from crnn import CRNN
from ctc_loss import CTCLoss
from converter import CTCConvertor

torch.manual_seed(0)
model = CRNN()
criterion = CTCLoss(flatten=True)
convertor = CTCConvertor()
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)

imgs = torch.rand(2, 1, 8, 32)
texts = ["hello", "international"]
targets_dict = convertor.str2tensor(texts)

optimizer.zero_grad()
losses = criterion(model(imgs), targets_dict)
loss = losses["loss_ctc"]
loss.backward()
optimizer.step()
print("loss", loss.item())
