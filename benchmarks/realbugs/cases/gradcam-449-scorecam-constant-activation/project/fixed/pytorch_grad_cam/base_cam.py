import numpy as np
import torch


class ActivationsAndGradients:
    def __init__(self, model, target_layers):
        self.model = model
        self.activations = []
        self.handles = [layer.register_forward_hook(self.save_activation) for layer in target_layers]

    def save_activation(self, module, input, output):
        self.activations.append(output.cpu().detach())

    def __call__(self, x):
        self.activations = []
        return self.model(x)


class BaseCAM:
    def __init__(self, model, target_layers, reshape_transform=None, uses_gradients=True):
        self.model = model.eval()
        self.target_layers = target_layers
        self.uses_gradients = uses_gradients
        self.activations_and_grads = ActivationsAndGradients(self.model, target_layers)

    def get_cam_weights(self, input_tensor, target_layer, targets, activations, grads):
        raise Exception("Not Implemented")

    def get_cam_image(self, input_tensor, target_layer, targets, activations, grads):
        weights = self.get_cam_weights(input_tensor, target_layer, targets, activations, grads)
        weighted_activations = weights[:, :, None, None] * activations
        cam = weighted_activations.sum(axis=1)
        return cam

    def scale_cam_image(self, cam):
        result = []
        for img in cam:
            img = img - np.min(img)
            img = img / (1e-7 + np.max(img))
            result.append(img)
        return np.float32(result)

    def __call__(self, input_tensor, targets):
        self.activations_and_grads(input_tensor)
        activations = self.activations_and_grads.activations[0].numpy()
        cam = self.get_cam_image(input_tensor, self.target_layers[0], targets, activations, None)
        cam = np.maximum(cam, 0)
        return self.scale_cam_image(cam)
