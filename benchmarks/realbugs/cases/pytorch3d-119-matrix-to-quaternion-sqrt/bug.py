import torch

torch.manual_seed(0)


def _copysign(a, b):
    signs_differ = (a < 0) != (b < 0)
    return torch.where(signs_differ, -a, a)


def matrix_to_quaternion(matrix):
    m00, m01, m02, m10, m11, m12, m20, m21, m22 = torch.unbind(matrix.reshape(-1, 9), dim=-1)
    zero = m00.new_zeros(m00.shape)
    x = 0.5 * torch.sqrt(torch.max(zero, 1 + m00 - m11 - m22))
    y = 0.5 * torch.sqrt(torch.max(zero, 1 - m00 + m11 - m22))
    z = 0.5 * torch.sqrt(torch.max(zero, 1 - m00 - m11 + m22))
    o0 = 0.5 * torch.sqrt(torch.max(zero, 1 + m00 + m11 + m22))
    o1 = _copysign(x, m21 - m12)
    o2 = _copysign(y, m02 - m20)
    o3 = _copysign(z, m10 - m01)
    return torch.stack((o0, o1, o2, o3), -1)


matrix = torch.eye(3, requires_grad=True)
target = torch.tensor([0.984808, 0, 0.174, 0])
optimizer = torch.optim.Adam([matrix], lr=0.05)
optimizer.zero_grad()
q = matrix_to_quaternion(matrix)
loss = torch.sum((q - target) ** 2)
loss.backward()
optimizer.step()
print(matrix)
