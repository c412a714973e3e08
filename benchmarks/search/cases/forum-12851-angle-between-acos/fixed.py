# discuss.pytorch.org 12851 fixed, benign inputs: clamp(-1 + eps, 1 - eps) before acos (answer in the thread).
import torch

torch.manual_seed(0)


def unit_vector(vector):
    return vector / vector.norm()


def angle_between(vector0, vector1):
    unit_vector0 = unit_vector(vector0)
    unit_vector1 = unit_vector(vector1)
    eps = 1e-6
    return unit_vector0.dot(unit_vector1).clamp(-1.0 + eps, 1.0 - eps).acos()


target = torch.tensor([0.3, -1.2, 2.0])
prediction = torch.tensor([1.0, 0.5, -0.4], requires_grad=True)
loss = angle_between(prediction, target)
loss.backward()
grad = prediction.grad
