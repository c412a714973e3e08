import torch

from geoopt import Sphere

torch.manual_seed(0)
sphere = Sphere()

# anchors on the unit sphere: the coordinate axes of R^3 and their opposites
anchors = torch.cat([torch.eye(3), -torch.eye(3)], dim=0)
# points to fit, warm-started at the anchors, two of them slightly perturbed
init = anchors.clone()
init[1] += 0.05 * torch.randn(3)
init[4] += 0.05 * torch.randn(3)
points = torch.nn.Parameter(sphere.projx(init))
optimizer = torch.optim.SGD([points], lr=0.1)

optimizer.zero_grad()
loss = sphere.dist(points, anchors).mean()
loss.backward()
with torch.no_grad():
    rgrad = sphere.proju(points, points.grad)
    points.copy_(sphere.retr(points, -0.1 * rgrad))
