"""geoopt Sphere.dist: acos of an inner product clamped to exactly [-1, 1].

Source: https://github.com/geoopt/geoopt/pull/79

"""
import torch


class Sphere:
    r"""
    Sphere manifold induced by the following constraint

    .. math::

        \|x\|=1
    """

    ndim = 1
    name = "Sphere"

    def inner(self, x, u, v):
        return (u * v).sum(-1)

    def projx(self, x):
        return x / x.norm(dim=-1, keepdim=True)

    def proju(self, x, u):
        return u - (x * u).sum(dim=-1, keepdim=True) * x

    def retr(self, x, u, t=1.0):
        return self.projx(x + u * t)

    def dist(self, x, y):
        inner = self.inner(None, x, y).clamp(-1, 1)
        return torch.acos(inner)

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
