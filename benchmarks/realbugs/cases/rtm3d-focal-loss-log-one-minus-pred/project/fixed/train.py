import torch
from model import KeypointHead
from losses import FocalLoss
from utils import _sigmoid

torch.manual_seed(0)
model = KeypointHead()
criterion = FocalLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

state = {k: torch.full_like(v, 0.25) if k.endswith("weight") else v for k, v in model.state_dict().items()}
model.load_state_dict(state)

feat = torch.rand(1, 4, 8, 8)
feat[0, :, 3, 5] = 20.0
hm_target = torch.zeros(1, 3, 8, 8)
hm_target[0, 1, 3, 5] = 1.0
hm_target[0, 1, 3, 4] = 0.6

optimizer.zero_grad()
outputs = model(feat)
hm_pred = _sigmoid(outputs["hm_mc"])
loss = criterion(hm_pred, hm_target)
loss.backward()
optimizer.step()
print("loss", loss.item())
