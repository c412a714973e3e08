import torch

from decoders.seg_detector_loss import L1BalanceCELoss

torch.manual_seed(0)

criterion = L1BalanceCELoss()
thresh = torch.rand(2, 1, 16, 16, requires_grad=True)
binary = torch.rand(2, 1, 16, 16)
batch = {
    "gt": torch.zeros(2, 1, 16, 16),
    "thresh_map": torch.rand(2, 16, 16),
    "thresh_mask": torch.zeros(2, 16, 16),
}
loss, metrics = criterion({"binary": binary, "thresh": thresh}, batch)
loss.backward()
grad = thresh.grad
