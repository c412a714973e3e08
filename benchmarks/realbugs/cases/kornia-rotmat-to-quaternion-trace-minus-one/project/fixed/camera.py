import torch
import torch.nn as nn

from conversions import rotation_matrix_to_quaternion

OPENCV_TO_OPENGL = torch.tensor([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]])


class CameraExtrinsics(nn.Module):
    def __init__(self, num_cameras, init_rotation=OPENCV_TO_OPENGL):
        super().__init__()
        self.rotation = nn.Parameter(init_rotation.repeat(num_cameras, 1, 1).clone())
        self.translation = nn.Parameter(torch.zeros(num_cameras, 3))

    def quaternions(self):
        return rotation_matrix_to_quaternion(self.rotation)

    def forward(self, points):
        return points @ self.rotation.transpose(-1, -2) + self.translation[:, None, :]
