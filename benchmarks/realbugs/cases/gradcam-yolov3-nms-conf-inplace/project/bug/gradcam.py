import torch
from models import TinyYOLO
from utils.general import non_max_suppression

torch.manual_seed(0)
model = TinyYOLO().eval()

img = torch.rand(1, 3, 32, 32)
pred, feature_map = model(img)
feature_map.retain_grad()
detections = non_max_suppression(pred, conf_thres=0.1)
scores = detections[0][:, 4]
scores.sum().backward()
weights = feature_map.grad.mean(dim=(2, 3), keepdim=True)
cam = torch.relu((weights * feature_map).sum(1))
print(cam.shape)
