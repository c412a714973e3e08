import torch


class Norm(torch.nn.Module):
    r"""Norm of each irrep in a direct sum of irreps (here: ``mul`` copies of an irrep of dimension ``ir_dim``)."""

    def __init__(self, mul: int, ir_dim: int):
        super().__init__()
        self.mul = mul
        self.ir_dim = ir_dim

    def tp(self, features1, features2):
        x1 = features1.reshape(*features1.shape[:-1], self.mul, self.ir_dim)
        x2 = features2.reshape(*features2.shape[:-1], self.mul, self.ir_dim)
        return (x1 * x2).sum(-1)

    def forward(self, features):
        """Compute norms of irreps in ``features``."""
        return self.tp(features, features).sqrt()


class ElementwiseTensorProduct(torch.nn.Module):
    """Multiply each irrep of ``features`` by its scalar."""

    def __init__(self, mul: int, ir_dim: int):
        super().__init__()
        self.mul = mul
        self.ir_dim = ir_dim

    def forward(self, scalars, features):
        x = features.reshape(*features.shape[:-1], self.mul, self.ir_dim)
        return (scalars.unsqueeze(-1) * x).reshape(features.shape)


class NormActivation(torch.nn.Module):
    r"""Norm-based activation function

    Applies a scalar nonlinearity to the norm of each irrep and ouputs a (normalized) version of that irrep
    multiplied by the scalar output of the scalar nonlinearity.
    """

    def __init__(self, mul, ir_dim, scalar_nonlinearity, normalize=True, epsilon=1e-8, bias=False):
        super().__init__()
        self.norm = Norm(mul, ir_dim)
        self.scalar_nonlinearity = scalar_nonlinearity
        self.register_buffer('epsilon', torch.as_tensor(epsilon))
        self.normalize = normalize
        self.bias = bias
        if self.bias:
            self.biases = torch.nn.Parameter(torch.zeros(mul))

        self.scalar_multiplier = ElementwiseTensorProduct(mul, ir_dim)

    def forward(self, features):
        norms = self.norm(features)

        # Apply nonlinearity
        if self.normalize:
            epsilon_norms = norms.clone()
            epsilon_norms[epsilon_norms < self.epsilon] = self.epsilon
            nonlin_arg = epsilon_norms
            if self.bias:
                nonlin_arg = nonlin_arg + self.biases
            scalings = self.scalar_nonlinearity(nonlin_arg) / epsilon_norms
        else:
            nonlin_arg = norms
            if self.bias:
                nonlin_arg = nonlin_arg + self.biases
            scalings = self.scalar_nonlinearity(nonlin_arg)

        return self.scalar_multiplier(scalings, features)

torch.manual_seed(0)

mul = 4
# CO2 (linear, symmetric) and a water molecule; atoms: O C O | O H H
pos = torch.tensor([
    [-1.16, 0.0, 0.0], [0.0, 0.0, 0.0], [1.16, 0.0, 0.0],
    [5.0, 0.0, 0.0], [5.757, 0.586, 0.0], [4.243, 0.586, 0.0],
])
edge_src = torch.tensor([0, 1, 2, 1, 3, 4, 3, 5])
edge_dst = torch.tensor([1, 0, 1, 2, 4, 3, 5, 3])
num_atoms = pos.shape[0]

weights = torch.nn.Parameter(torch.randn(mul))
act = NormActivation(mul, 3, torch.sigmoid, bias=True)
optimizer = torch.optim.Adam([weights] + list(act.parameters()), lr=1e-2)

# l=1 features: weighted sum of relative position vectors over the neighbours of each atom
rel = pos[edge_src] - pos[edge_dst]
vec = torch.zeros(num_atoms, mul, 3).index_add(0, edge_dst, weights.view(1, -1, 1) * rel.unsqueeze(1))
out = act(vec.reshape(num_atoms, mul * 3))
loss = out.pow(2).sum()
optimizer.zero_grad()
loss.backward()
optimizer.step()
