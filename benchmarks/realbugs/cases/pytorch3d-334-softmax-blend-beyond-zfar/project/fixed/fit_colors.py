import torch

from renderer.shader import FoVPerspectiveCameras, Fragments, SoftFlatShader

torch.manual_seed(0)

N, H, W, K, F = 1, 8, 8, 2, 6
# a scanned building model in metric units: the camera sits ~150 m away, beyond the default zfar of 100
cameras = FoVPerspectiveCameras(znear=1.0, zfar=1000.0)
pix_to_face = torch.randint(0, F, (N, H, W, K))
pix_to_face[:, :2] = -1  # sky pixels
zbuf = 150.0 + 10.0 * torch.rand(N, H, W, K)
zbuf[pix_to_face < 0] = -1.0
dists = -0.01 * torch.rand(N, H, W, K)
fragments = Fragments(pix_to_face=pix_to_face, zbuf=zbuf, dists=dists)

face_colors = torch.nn.Parameter(torch.full((F, 3), 0.5))
shader = SoftFlatShader(cameras=cameras)
optimizer = torch.optim.Adam([face_colors], lr=0.05)

target = torch.rand(N, H, W, 3)
images = shader(fragments, face_colors)
loss = ((images[..., :3] - target) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
