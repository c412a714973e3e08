import torch
from torch import Tensor, nn

from torchcam.methods.core import _CAM


class _GradCAM(_CAM):
    def __init__(self, model, target_layer, input_shape=(3, 224, 224)):
        super().__init__(model, target_layer, input_shape)
        self._relu = True

    def _backprop(self, scores: Tensor, class_idx: int) -> None:
        loss = scores[:, class_idx].sum()
        gradients = torch.autograd.grad(loss, self._hook_outputs)
        for idx, gradient in enumerate(gradients):
            self.hook_g[idx] = gradient.detach()


class SmoothGradCAMpp(_GradCAM):
    def __init__(self, model: nn.Module, target_layer, num_samples: int = 4, std: float = 0.3, input_shape=(3, 224, 224)):
        super().__init__(model, target_layer, input_shape)
        self.model.register_forward_pre_hook(self._store_input)
        self.num_samples = num_samples
        self.std = std
        self._distrib = torch.distributions.normal.Normal(0, self.std)
        self._ihook_enabled = True

    def _store_input(self, module, input):
        if self._ihook_enabled:
            self._input = input[0].detach().clone()

    def _get_weights(self, class_idx: int, scores=None, eps: float = 1e-8):  # torch-cam#187
        self._ihook_enabled = False
        # Keep initial activation
        init_fmap = [act.clone() for act in self.hook_a]
        # Initialize our gradient estimates
        grad_2 = [torch.zeros_like(act) for act in self.hook_a]
        grad_3 = [torch.zeros_like(act) for act in self.hook_a]
        for _idx in range(self.num_samples):
            noisy_input = self._input + self._distrib.sample(self._input.size())
            noisy_input.requires_grad_(True)
            out = self.model(noisy_input)
            self._backprop(out, class_idx)
            grad_2 = [g2.add_(grad.pow(2)) for g2, grad in zip(grad_2, self.hook_g)]
            grad_3 = [g3.add_(grad.pow(3)) for g3, grad in zip(grad_3, self.hook_g)]
        grad_2 = [g2.div_(self.num_samples) for g2 in grad_2]
        grad_3 = [g3.div_(self.num_samples) for g3 in grad_3]

        # Alpha coefficient for each pixel
        spatial_dims = self.hook_a[0].ndim - 2
        alpha = [
            g2 / (2 * g2 + (g3 * act).flatten(2).sum(-1)[(...,) + (None,) * spatial_dims] + eps)
            for g2, g3, act in zip(grad_2, grad_3, init_fmap)
        ]
        self._ihook_enabled = True
        # Apply pixel coefficient in each weight
        return [a.mul_(torch.relu(grad)).flatten(2).sum(-1) for a, grad in zip(alpha, self.hook_g)]
