import torch
import torch.nn as nn


class MeasurementsLoss(nn.Module):

    # The density of the human body is 985 kg / m^3
    DENSITY = 985

    def __init__(self, faces, head_top_face_idx, left_heel_face_idx):
        ''' Loss that penalizes deviations in weight and height
        '''
        super(MeasurementsLoss, self).__init__()
        self.register_buffer('faces', faces)
        self.head_top_bc = [1.0 / 3, 1.0 / 3, 1.0 / 3]
        self.head_top_face_idx = head_top_face_idx
        self.left_heel_bc = [1.0 / 3, 1.0 / 3, 1.0 / 3]
        self.left_heel_face_idx = left_heel_face_idx

    def compute_height(self, shaped_triangles):
        ''' Compute the height using the heel and the top of the head
        '''
        head_top_tri = shaped_triangles[:, self.head_top_face_idx]
        head_top = (head_top_tri[:, 0, :] * self.head_top_bc[0] +
                    head_top_tri[:, 1, :] * self.head_top_bc[1] +
                    head_top_tri[:, 2, :] * self.head_top_bc[2])
        left_heel_tri = shaped_triangles[:, self.left_heel_face_idx]
        left_heel = (left_heel_tri[:, 0, :] * self.left_heel_bc[0] +
                     left_heel_tri[:, 1, :] * self.left_heel_bc[1] +
                     left_heel_tri[:, 2, :] * self.left_heel_bc[2])
        return torch.abs(head_top[:, 1] - left_heel[:, 1])

    def compute_mass(self, tris):
        ''' Computes the mass from volume and average body density
        '''
        x = tris[:, :, :, 0]
        y = tris[:, :, :, 1]
        z = tris[:, :, :, 2]
        volume = (
            -x[:, :, 2] * y[:, :, 1] * z[:, :, 0] +
            x[:, :, 1] * y[:, :, 2] * z[:, :, 0] +
            x[:, :, 2] * y[:, :, 0] * z[:, :, 1] -
            x[:, :, 0] * y[:, :, 2] * z[:, :, 1] -
            x[:, :, 1] * y[:, :, 0] * z[:, :, 2] +
            x[:, :, 0] * y[:, :, 1] * z[:, :, 2]
        ).sum(dim=1).abs() / 6.0
        return volume * self.DENSITY

    def forward(self, v_shaped):
        batch_size = v_shaped.shape[0]
        v_shaped_triangles = torch.index_select(
            v_shaped, 1, self.faces.view(-1)).reshape(batch_size, -1, 3, 3)
        mesh_height = self.compute_height(v_shaped_triangles)
        mesh_mass = self.compute_mass(v_shaped_triangles)
        return {'mass': mesh_mass, 'height': mesh_height}
