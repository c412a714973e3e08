import torch

torch.manual_seed(0)
D = torch.diag(torch.tensor([1.0, -1.0, -1.0, 1.0]))
C = torch.tensor([[0.0, 0.0, 1.0, 0.0],
                  [0.0, 0.0, 0.0, 1.0],
                  [1.0, 0.0, 0.0, 0.0],
                  [0.0, 1.0, 0.0, 0.0]])
theta = torch.tensor([1.2039, 0.3690], requires_grad=True)

H = theta[0] * D + theta[1] * C
e, v = torch.linalg.eigh(H)
min_index = torch.argmin(e)
ground_state = v[:, min_index]
energy = ground_state @ H @ ground_state
loss = (energy - (-1.5)) ** 2
loss.backward()
print("energy", energy.item(), "grad", theta.grad)
