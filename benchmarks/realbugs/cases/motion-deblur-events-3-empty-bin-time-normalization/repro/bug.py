# EventData._read_events: the event time image is normalized by its own maximum; in a temporal bin
# where no event fired the image is all zeros, 0 / 0 = nan, and the whole network output turns nan.
import torch
import torch.nn as nn

torch.manual_seed(0)

n_frames, H, W = 2, 16, 16
event_count_images = torch.zeros(3, H, W, 2)
event_time_images = torch.zeros(3, H, W, 2)  # no event in this bin

event_count_image = torch.sum(event_count_images[:n_frames], dim=0).permute(2, 0, 1)
event_time_image = torch.max(event_time_images[:n_frames], dim=0)[0]
event_time_image /= torch.max(event_time_image)
event_time_image = event_time_image.permute(2, 0, 1)

events = torch.cat((event_count_image, event_time_image), 0)[None]
blurry = torch.rand(1, 1, H, W)
sharp = torch.rand(1, 1, H, W)
net = nn.Sequential(nn.Conv2d(5, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
pred = blurry + net(torch.cat((events, blurry), 1))
loss = nn.functional.l1_loss(pred, sharp)
loss.backward()
