import torch
from torch import Tensor, nn
from torch.nn import functional as F


class _CAM:
    def __init__(self, model: nn.Module, target_layer: str, input_shape=(3, 224, 224)):
        self.model = model
        self.submodule_dict = dict(model.named_modules())
        self.target_names = [target_layer]
        self.hook_a = [None]
        self.hook_g = [None]
        self._hook_outputs = [None]
        self._hooks_enabled = True
        self._relu = False
        self.submodule_dict[target_layer].register_forward_hook(self._hook_a)

    def _hook_a(self, module, input, output):
        if self._hooks_enabled:
            self.hook_a[0] = output.detach()
            self._hook_outputs[0] = output

    @staticmethod
    @torch.no_grad()
    def _normalize(cams: Tensor, spatial_dims: int, eps: float = 1e-8) -> Tensor:
        cams.sub_(cams.flatten(start_dim=-spatial_dims).min(-1).values[(...,) + (None,) * spatial_dims])
        cams.div_(cams.flatten(start_dim=-spatial_dims).max(-1).values[(...,) + (None,) * spatial_dims] + eps)
        return cams

    def __call__(self, class_idx: int, scores=None, normalized: bool = True):
        weights = self._get_weights(class_idx, scores)
        cams = []
        for weight, activation in zip(weights, self.hook_a):
            spatial_dims = activation.ndim - 2
            weight = weight[(...,) + (None,) * spatial_dims]
            cam = (weight * activation).sum(1)
            if self._relu:
                cam = F.relu(cam, inplace=True)
            if normalized:
                cam = self._normalize(cam, spatial_dims)
            cams.append(cam)
        return cams
