import torch

from src.Edataloader import EventData
from src.model import DeblurNet

torch.manual_seed(0)

N, T, H, W = 4, 3, 16, 16
event_count_images = torch.randint(0, 3, (N, T, H, W, 2))
event_time_images = torch.rand(N, T, H, W, 2)
# sample 2: no event fired during this temporal bin, so its event time image is all zeros
event_count_images[2] = 0
event_time_images[2] = 0.0
blurry_images = torch.rand(N, 1, H, W)
sharp_images = torch.rand(N, 1, H, W)

data = EventData(event_count_images, event_time_images, blurry_images, sharp_images)
loader = torch.utils.data.DataLoader(data, batch_size=4, shuffle=False)
model = DeblurNet(event_channels=4)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

events, blurry, sharp = next(iter(loader))
pred = model(events, blurry)
loss = torch.nn.functional.l1_loss(pred, sharp)
optimizer.zero_grad()
loss.backward()
optimizer.step()
