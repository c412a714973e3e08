import torch

from e3nn_lite.o3 import ElementwiseTensorProduct, Norm


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
