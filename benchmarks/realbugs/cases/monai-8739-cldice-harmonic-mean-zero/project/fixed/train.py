import torch
import torch.nn.functional as F

from losses.cldice import SoftclDiceLoss

torch.manual_seed(0)
config = {"cldice_iters": 3, "smooth": 0.0}  # smooth=0: the unsmoothed clDice of the paper

net = torch.nn.Conv2d(1, 2, 3, padding=1)
loss_fn = SoftclDiceLoss(iter_=config["cldice_iters"], smooth=config["smooth"])

image = torch.rand(1, 1, 16, 16)
label = torch.zeros(1, 16, 16, dtype=torch.long)
label[0, 2:14, 3:5] = 1  # a vessel on the left
y_true = F.one_hot(label, 2).permute(0, 3, 1, 2).float()

# validation: the network's hard segmentation found a vessel on the right only
with torch.no_grad():
    logits = net(image)
    logits[:, 1, 2:14, 10:12] += 100.0
    logits[:, 0] += 50.0
    y_pred = F.one_hot(logits.argmax(1), 2).permute(0, 3, 1, 2).float()
val_loss = loss_fn(y_true, y_pred)
print(val_loss)
