# https://github.com/kornia/kornia/issues/1653 -- rotation_matrix_to_quaternion evaluates sqrt(trace + 1) in every torch.where branch; at a 180-degree rotation trace + 1 = 0 and its backward is 0/0 = NaN.
import torch

torch.manual_seed(0)


def safe_zero_division(numerator, denominator):
    eps = torch.finfo(numerator.dtype).tiny
    return numerator / torch.clamp(denominator, min=eps)


R = torch.tensor([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]], requires_grad=True)
eps = 1e-8
m00, m01, m02, m10, m11, m12, m20, m21, m22 = torch.chunk(R.view(9), chunks=9, dim=-1)
trace = m00 + m11 + m22

sq = torch.sqrt(trace + 1.0) * 2.0
q_trace = torch.cat((0.25 * sq, safe_zero_division(m21 - m12, sq),
                     safe_zero_division(m02 - m20, sq), safe_zero_division(m10 - m01, sq)))
sq1 = torch.sqrt(1.0 + m00 - m11 - m22 + eps) * 2.0
q_1 = torch.cat((safe_zero_division(m21 - m12, sq1), 0.25 * sq1,
                 safe_zero_division(m01 + m10, sq1), safe_zero_division(m02 + m20, sq1)))
q = torch.where(trace > 0.0, q_trace, q_1)
loss = q.sum()
loss.backward()
grad = R.grad
