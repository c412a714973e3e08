# BierOne/bottom-up-attention-vqa#6: SimpleClassifier.main is Linear -> ReLU -> Dropout(0.5, inplace=True) -> Linear.
# The in-place dropout overwrites the ReLU output that ReluBackward0 saved, so loss.backward() raises
# "one of the variables needed for gradient computation has been modified by an inplace operation".
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
hid_dim, out_dim, dropout = (32, 64), 10, 0.5
main = nn.Sequential(
    nn.Linear(hid_dim[0], hid_dim[1]),
    nn.ReLU(),
    nn.Dropout(dropout, inplace=True),
    nn.Linear(hid_dim[1], out_dim)
)
main.train()

joint_repr = torch.randn(4, hid_dim[0])
logits = main(joint_repr)
target = torch.rand(4, out_dim)
loss = F.binary_cross_entropy_with_logits(logits, target)
loss.backward()
grad = main[0].weight.grad
