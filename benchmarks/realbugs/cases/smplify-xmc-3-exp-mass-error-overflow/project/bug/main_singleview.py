import torch

from lib.core.body_model import BodyModel
from lib.core.losses import SMPLifyXMCLoss
from lib.core.measurements import MeasurementsLoss

torch.manual_seed(0)
body_model = BodyModel(num_betas=10)
measurements_crit = MeasurementsLoss(body_model.faces, body_model.head_top_face_idx,
                                     body_model.left_heel_face_idx)
loss_fn = SMPLifyXMCLoss(body_model, measurements_crit, shape_weight=1.0)

betas = torch.zeros(1, 10, requires_grad=True)
optimizer = torch.optim.Adam([betas], lr=0.01)

# the person in the photo: 1.72 m, 155 kg (the mean shape weighs about 59 kg)
gt_height = torch.tensor([1.72])
gt_weight = torch.tensor([155.0])

optimizer.zero_grad()
loss = loss_fn(betas, gt_height=gt_height, gt_weight=gt_weight)
loss.backward()
optimizer.step()
