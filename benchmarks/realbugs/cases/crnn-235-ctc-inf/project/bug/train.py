import torch
from torch.nn import CTCLoss
from models.crnn import CRNN
from utils import strLabelConverter

torch.manual_seed(0)
alphabet = "0123456789"
converter = strLabelConverter(alphabet)
crnn = CRNN(imgH=32, nc=1, nclass=len(alphabet) + 1, nh=32)
criterion = CTCLoss()
optimizer = torch.optim.Adam(crnn.parameters(), lr=1e-3)

batches = [
    (torch.rand(2, 1, 32, 64), ["123", "4567"]),
    (torch.rand(2, 1, 32, 24), ["42", "860451239"]),
]
for image, texts in batches:
    batch_size = image.size(0)
    text, length = converter.encode(texts)
    preds = crnn(image)
    preds_size = torch.full((batch_size,), preds.size(0), dtype=torch.long)
    cost = criterion(preds, text, preds_size, length)
    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
    print(cost.item())
