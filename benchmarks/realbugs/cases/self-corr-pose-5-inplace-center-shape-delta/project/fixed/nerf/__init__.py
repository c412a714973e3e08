import torch

from nerf import models


def run_network(network_fn, pts, ray_batch, chunksize, embed_fn, embeddirs_fn, code=None):
    pts_flat = pts.reshape(-1, pts.shape[-1])
    code_flat = code[:, None, :].expand(pts.shape[0], pts.shape[1], code.shape[-1]).reshape(-1, code.shape[-1])
    if pts_flat.shape[0] <= chunksize:
        radiance_field = network_fn(pts_flat, code_flat)
    else:
        batches = [network_fn(pts_flat[i:i + chunksize], code_flat[i:i + chunksize])
                   for i in range(0, pts_flat.shape[0], chunksize)]
        radiance_field = torch.cat(batches, dim=0)
    return radiance_field.reshape(list(pts.shape[:-1]) + [radiance_field.shape[-1]])
