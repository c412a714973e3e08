# torch.distributions.Gumbel.rsample as first proposed: uniform_() samples [0, 1), and a draw of exactly
# 0.0 gives log(0) = -inf, -log(0) = inf, log(inf) = inf and a sample of -inf.
import torch

torch.manual_seed(0)

loc = torch.zeros(8, 4, requires_grad=True)
scale = torch.ones(8, 4, requires_grad=True)
uni_dist = scale.new(8, 4).uniform_()
uni_dist[3, 2] = 0.0  # a draw of exactly 0.0
# X ~ Uniform(0, 1)
# Y = loc - scale * ln (-ln (X)) ~ Gumbel(loc, scale)
sample = loc - scale * torch.log(-uni_dist.log())
loss = sample.pow(2).mean()
loss.backward()
