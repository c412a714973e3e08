# pytorch/pytorch#64305: missing (NaN) targets masked out *after* the loss still give NaN weight gradients.
import torch

torch.manual_seed(0)

m = torch.nn.Linear(1, 2, bias=False)

x = torch.tensor([[0.0]])
y = torch.tensor([[float('nan'), 0.0]])
y_mask = ~torch.isnan(y)
y_pred = m(x)


def loss_fn(y_pred, y):
    return torch.square(y_pred - y)


# (2) mask before loss_fn
l = loss_fn(y_pred[y_mask], y[y_mask])
print("loss:", l)
l.sum().backward()
grad = m.weight.grad
