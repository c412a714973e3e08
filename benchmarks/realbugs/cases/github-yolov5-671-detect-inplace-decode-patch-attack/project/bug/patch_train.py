import torch

from models.yolo import Model

torch.manual_seed(0)


class PatchApplier:
    def __call__(self, img_batch, adv_patch, y0=24, x0=24):
        img = img_batch.clone()
        ph, pw = adv_patch.shape[-2:]
        img[:, :, y0:y0 + ph, x0:x0 + pw] = adv_patch
        return img


yolov5 = Model()
yolov5.eval()
for p in yolov5.parameters():
    p.requires_grad_(False)
patch_applier = PatchApplier()
adv_patch = torch.rand(3, 16, 16, requires_grad=True)
optimizer = torch.optim.Adam([adv_patch], lr=0.03, amsgrad=True)

for epoch in range(2):
    batch = torch.rand(2, 3, 64, 64)
    output = yolov5(patch_applier(batch, adv_patch))[0]  # get yolo output
    obj_score = output[..., 4]
    loss = obj_score.max(dim=1)[0].mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    adv_patch.data.clamp_(0, 1)
