"""GaussianPro: propagated Gaussians initialised with inverse_sigmoid(1.0).

Source: https://github.com/kcheng1021/GaussianPro/issues/87
Fix (standard): initialise the propagated opacities just below 1 (0.99), where the inverse sigmoid is finite.
"""
import torch

C0 = 0.28209479177387814


def inverse_sigmoid(x):
    return torch.log(x/(1-x))


def RGB2SH(rgb):
    return (rgb - 0.5) / C0


def dist2_to_nearest(points, k=3):
    d2 = torch.cdist(points, points).pow(2)
    d2.fill_diagonal_(float("inf"))
    return d2.topk(k, dim=1, largest=False).values.mean(dim=1)


import torch.nn as nn


class GaussianModel:

    def setup_functions(self):
        self.scaling_activation = torch.exp
        self.scaling_inverse_activation = torch.log
        self.opacity_activation = torch.sigmoid
        self.inverse_opacity_activation = inverse_sigmoid

    def __init__(self, sh_degree: int):
        self.max_sh_degree = sh_degree
        self._xyz = torch.empty(0)
        self._features_dc = torch.empty(0)
        self._scaling = torch.empty(0)
        self._opacity = torch.empty(0)
        self.optimizer = None
        self.setup_functions()

    @property
    def get_xyz(self):
        return self._xyz

    @property
    def get_opacity(self):
        return self.opacity_activation(self._opacity)

    @property
    def get_scaling(self):
        return self.scaling_activation(self._scaling)

    def create_from_pcd(self, points, colors):
        fused_color = RGB2SH(colors)
        dist2 = torch.clamp_min(dist2_to_nearest(points), 0.0000001)
        scales = torch.log(torch.sqrt(dist2))[..., None].repeat(1, 3)
        opacities = inverse_sigmoid(0.1 * torch.ones((points.shape[0], 1), dtype=torch.float))
        self._xyz = nn.Parameter(points.requires_grad_(True))
        self._features_dc = nn.Parameter(fused_color[:, None, :].contiguous().requires_grad_(True))
        self._scaling = nn.Parameter(scales.requires_grad_(True))
        self._opacity = nn.Parameter(opacities.requires_grad_(True))

    def training_setup(self):
        l = [
            {'params': [self._xyz], 'lr': 0.00016, "name": "xyz"},
            {'params': [self._features_dc], 'lr': 0.0025, "name": "f_dc"},
            {'params': [self._opacity], 'lr': 0.05, "name": "opacity"},
            {'params': [self._scaling], 'lr': 0.005, "name": "scaling"},
        ]
        self.optimizer = torch.optim.Adam(l, lr=0.0, eps=1e-15)

    def cat_tensors_to_optimizer(self, tensors_dict):
        optimizable_tensors = {}
        for group in self.optimizer.param_groups:
            assert len(group["params"]) == 1
            extension_tensor = tensors_dict[group["name"]]
            stored_state = self.optimizer.state.get(group['params'][0], None)
            if stored_state is not None:
                stored_state["exp_avg"] = torch.cat((stored_state["exp_avg"], torch.zeros_like(extension_tensor)), dim=0)
                stored_state["exp_avg_sq"] = torch.cat((stored_state["exp_avg_sq"], torch.zeros_like(extension_tensor)), dim=0)
                del self.optimizer.state[group['params'][0]]
                group["params"][0] = nn.Parameter(torch.cat((group["params"][0], extension_tensor), dim=0).requires_grad_(True))
                self.optimizer.state[group['params'][0]] = stored_state
                optimizable_tensors[group["name"]] = group["params"][0]
            else:
                group["params"][0] = nn.Parameter(torch.cat((group["params"][0], extension_tensor), dim=0).requires_grad_(True))
                optimizable_tensors[group["name"]] = group["params"][0]
        return optimizable_tensors

    def densification_postfix(self, new_xyz, new_features_dc, new_opacities, new_scaling):
        d = {"xyz": new_xyz,
             "f_dc": new_features_dc,
             "opacity": new_opacities,
             "scaling": new_scaling}
        optimizable_tensors = self.cat_tensors_to_optimizer(d)
        self._xyz = optimizable_tensors["xyz"]
        self._features_dc = optimizable_tensors["f_dc"]
        self._opacity = optimizable_tensors["opacity"]
        self._scaling = optimizable_tensors["scaling"]

    def densify_from_depth_propagation(self, K, cam2world, propagated_depth, filter_mask, gt_image):
        height, width = propagated_depth.shape
        y, x = torch.meshgrid(torch.arange(0, height), torch.arange(0, width), indexing="ij")
        coordinates = torch.stack((x, y, torch.ones_like(propagated_depth)), dim=-1).view(-1, 3).float()
        coordinates_3D = (K.inverse() @ coordinates.T).T
        coordinates_3D *= propagated_depth.view(-1, 1)
        world_coordinates_3D = (cam2world[:3, :3] @ coordinates_3D.T).T + cam2world[:3, 3]

        world_coordinates_3D = world_coordinates_3D.view(height, width, 3)
        world_coordinates_3D_downsampled = world_coordinates_3D[::8, ::8]
        filter_mask_downsampled = filter_mask[::8, ::8]
        gt_image_downsampled = gt_image.permute(1, 2, 0)[::8, ::8]
        fused_point_cloud = world_coordinates_3D_downsampled[filter_mask_downsampled]
        color_downsampled = gt_image_downsampled[filter_mask_downsampled]
        fused_color = RGB2SH(color_downsampled)

        fused_shape = fused_point_cloud.shape[0]
        all_point_cloud = torch.concat([fused_point_cloud, self.get_xyz.detach()], dim=0)
        all_dist2 = torch.clamp_min(dist2_to_nearest(all_point_cloud), 0.0000001)
        dist2 = all_dist2[:fused_shape]
        scales = torch.log(torch.sqrt(dist2))[..., None].repeat(1, 3)

        opacities = inverse_sigmoid(0.99 * torch.ones((fused_point_cloud.shape[0], 1), dtype=torch.float))

        new_xyz = nn.Parameter(fused_point_cloud.requires_grad_(True))
        new_features_dc = nn.Parameter(fused_color[:, None, :].contiguous().requires_grad_(True))
        new_scaling = nn.Parameter(scales.requires_grad_(True))
        new_opacity = nn.Parameter(opacities.requires_grad_(True))
        self.densification_postfix(new_xyz, new_features_dc, new_opacity, new_scaling)


def render(gaussians, pixels):
    # toy splatting: isotropic gaussians seen from above, alpha-composited in order
    xyz = gaussians.get_xyz
    d2 = (pixels[:, None, :] - xyz[None, :, :2]).pow(2).sum(-1)
    alpha = gaussians.get_opacity.T * torch.exp(-0.5 * d2 / gaussians.get_scaling[:, 0].pow(2))
    alpha = alpha.clamp(max=0.99)
    T = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1 - alpha[:, :-1]], dim=1), dim=1)
    color = gaussians._features_dc[:, 0, :] * 0.28209479177387814 + 0.5
    return (alpha * T) @ color


torch.manual_seed(0)
gaussians = GaussianModel(sh_degree=0)
gaussians.create_from_pcd(torch.rand(64, 3), torch.rand(64, 3))
gaussians.training_setup()

pixels = torch.rand(256, 2)
target = torch.rand(256, 3)
for iteration in range(1, 3):
    image = render(gaussians, pixels)
    loss = (image - target).abs().mean()
    loss.backward()
    gaussians.optimizer.step()
    gaussians.optimizer.zero_grad(set_to_none=True)

    if iteration == 1:
        # propagated depth from the PatchMatch step, with its confidence mask
        K = torch.tensor([[32.0, 0.0, 16.0], [0.0, 32.0, 16.0], [0.0, 0.0, 1.0]])
        cam2world = torch.eye(4)
        propagated_depth = torch.rand(32, 32) + 1.0
        filter_mask = torch.rand(32, 32) > 0.3
        gt_image = torch.rand(3, 32, 32)
        gaussians.densify_from_depth_propagation(K, cam2world, propagated_depth, filter_mask, gt_image)

opacity = gaussians._opacity
