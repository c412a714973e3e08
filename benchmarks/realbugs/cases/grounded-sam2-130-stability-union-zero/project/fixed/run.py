import torch
from model import TinyMaskDecoder
from sam2.automatic_mask_generator import SAM2AutomaticMaskGenerator

torch.manual_seed(0)
model = TinyMaskDecoder()
generator = SAM2AutomaticMaskGenerator(model)
image = torch.rand(1, 3, 16, 16)
crop_box = (0.0, 0.0, 0.6, 0.6)
grid_points = torch.tensor([[0.1, 0.2], [0.4, 0.3], [0.9, 0.9]])
points = (grid_points - torch.tensor(crop_box[:2])) / (crop_box[2] - crop_box[0])
out = generator.generate(image, points)
stability_score = out["stability_score"]
print(stability_score, out["masks"].shape)
