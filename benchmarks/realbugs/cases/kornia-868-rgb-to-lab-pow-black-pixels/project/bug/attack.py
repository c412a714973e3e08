import torch
import torch.nn.functional as F

from model import LabClassifier

torch.manual_seed(0)
model = LabClassifier().eval()
images = torch.rand(4, 3, 16, 16)
images[:, :, :3, :] = 0.0  # letterboxed frames: black bars at the top
labels = torch.tensor([0, 1, 2, 3])

# FGSM in RGB space through the Lab front-end
x = images.clone().requires_grad_(True)
loss = F.cross_entropy(model(x), labels)
grad = torch.autograd.grad(loss, x)[0]
x_adv = (x + 8 / 255 * grad.sign()).clamp(0, 1).detach()
print(loss.item(), grad.isnan().any().item(), x_adv.isnan().any().item())
