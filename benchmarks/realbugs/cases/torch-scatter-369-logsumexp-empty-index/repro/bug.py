# https://github.com/rusty1s/pytorch_scatter/pull/369 -- scatter_logsumexp starts every output slot at
# max = -inf; a slot that no element is scattered to (a node with no incoming edge) keeps max = -inf, its
# sum is 0, and log(0 + eps) + (-inf) = -inf, which the next layer turns into NaN.
import torch

torch.manual_seed(0)
num_nodes, C = 5, 8
messages = torch.randn(6, C, requires_grad=True)
dst = torch.tensor([0, 0, 1, 2, 2, 3])                  # node 4 receives no message
eps = 1e-12
index = dst.view(-1, 1).expand_as(messages)
size = [num_nodes, C]
max_value_per_index = torch.full(size, float('-inf'))
max_value_per_index = max_value_per_index.scatter_reduce(0, index, messages.detach(), 'amax', include_self=True)
max_per_src_element = max_value_per_index.gather(0, index)
recentered_score = messages - max_per_src_element
recentered_score = recentered_score.masked_fill(torch.isnan(recentered_score), float('-inf'))
sum_per_index = torch.zeros(size).scatter_add(0, index, recentered_score.exp())
out = sum_per_index.add(eps).log().add(max_value_per_index)
lin = torch.nn.Linear(C, 4)
h = lin(out)
