import torch

from data.figaro import make_figaro_sample
from networks.mobile_hair import HairMattingLoss, MobileHairNet

torch.manual_seed(0)
model = MobileHairNet()
criterion = HairMattingLoss(ratio_of_Gradient=0.5)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

image, gray, mask = make_figaro_sample(32)
optimizer.zero_grad()
pred = model(image)
loss = criterion(pred, mask, gray)
loss.backward()
optimizer.step()
