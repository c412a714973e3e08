import torch

torch.manual_seed(0)
xlen, padlen = 3, 5
x = torch.randn(xlen, xlen)
new_x = x.new_zeros([padlen, padlen]).fill_(float("-inf"))
new_x[:xlen, :xlen] = x
new_x[xlen:, :xlen] = 0
attn_bias = new_x

q = torch.randn(padlen, 8, requires_grad=True)
k = torch.randn(padlen, 8)
scores = q @ k.t() / 8 ** 0.5 + attn_bias
attn = torch.softmax(scores, dim=-1)
loss = attn.sum(dim=0).pow(2).mean()
loss.backward()
