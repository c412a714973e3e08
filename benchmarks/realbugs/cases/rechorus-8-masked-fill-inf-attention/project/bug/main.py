import torch

from models.sequential.SASRec import SASRec

torch.manual_seed(0)

model = SASRec(item_num=20)
model.eval()
history = torch.tensor([[3, 7, 12, 0, 0], [0, 0, 0, 0, 0]])
lengths = (history > 0).sum(1)
with torch.no_grad():
    prediction = model(history, lengths)
