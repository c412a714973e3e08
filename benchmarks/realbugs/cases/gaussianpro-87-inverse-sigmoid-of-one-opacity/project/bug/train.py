import torch

from scene.gaussian_model import GaussianModel


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
