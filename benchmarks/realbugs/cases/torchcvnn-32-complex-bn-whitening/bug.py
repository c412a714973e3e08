import torch

torch.manual_seed(0)


def inv_sqrt_2x2(a, b, c):
    s = torch.sqrt(a * c - b * b)
    t = torch.sqrt(a + c + 2 * s)
    k = 1.0 / (s * t)
    return (c + s) * k, -b * k, (a + s) * k


z = torch.randn(8, 3, dtype=torch.complex64)
z[:, 2] = 0.0
zc = z - z.mean(0)
a = (zc.real ** 2).mean(0)
b = (zc.real * zc.imag).mean(0)
c = (zc.imag ** 2).mean(0)
w_rr, w_ri, w_ii = inv_sqrt_2x2(a, b, c)
out = torch.complex(w_rr * zc.real + w_ri * zc.imag, w_ri * zc.real + w_ii * zc.imag)
print(out.isnan().any())
