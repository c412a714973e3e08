import torch

from .roma_utils import rotmat_geodesic_distance


class DoubleGeodesicSE3(torch.nn.Module):
    """Geodesic distance between two camera poses, rotation scaled by the source-to-detector radius."""

    def __init__(self, sdd: float, eps: float = 1e-4):
        super().__init__()
        self.sdr = sdd / 2
        self.eps = eps

    def forward(self, pose1, pose2):
        r1, t1 = pose1
        r2, t2 = pose2
        angular = self._rot_geodesic(r1, r2)
        translational = self._xyz_geodesic(t1, t2)
        double = (angular.square() + translational.square()).sqrt()
        return angular, translational, double

    def _rot_geodesic(self, r1, r2):
        return self.sdr * rotmat_geodesic_distance(r1, r2)

    def _xyz_geodesic(self, t1, t2):
        return (t1 - t2).norm(dim=-1)
