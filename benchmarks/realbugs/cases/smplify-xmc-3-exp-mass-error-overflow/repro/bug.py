"""SMPLify-XMC: exp of the mass error for a subject weighing over 150 kg.

Source: https://github.com/muelea/smplify-xmc/pull/3

"""
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


def blend_shapes(betas, shape_disps):
    return torch.einsum('bl,mkl->bmk', [betas, shape_disps])


class BodyModel(nn.Module):
    """A closed box-shaped body (0.25 x 1.70 x 0.14 m) with linear shape blend shapes."""

    def __init__(self, num_betas=10):
        super(BodyModel, self).__init__()
        w, h, d = 0.25, 1.70, 0.14
        v = torch.tensor([[x, y, z] for x in (0, w) for y in (0, h) for z in (0, d)], dtype=torch.float32)
        self.register_buffer('v_template', v)
        faces = torch.tensor([
            [0, 1, 3], [0, 3, 2], [4, 6, 7], [4, 7, 5],
            [0, 4, 5], [0, 5, 1], [2, 3, 7], [2, 7, 6],
            [0, 2, 6], [0, 6, 4], [1, 5, 7], [1, 7, 3]], dtype=torch.long)
        self.register_buffer('faces', faces)
        self.register_buffer('shapedirs', 0.01 * torch.randn(8, 3, num_betas))
        self.head_top_face_idx = 6
        self.left_heel_face_idx = 4


class SMPLifyXMCLoss(nn.Module):
    def __init__(self, body_model, measurements_crit, shape_weight=1.0):
        super(SMPLifyXMCLoss, self).__init__()
        self.body_model = body_model
        self.measurements_crit = measurements_crit
        self.shape_weight = shape_weight

    def forward(self, betas, gt_height=None, gt_weight=None):
        shape_prior_loss = torch.sum(betas ** 2) ** 2
        v_shaped = self.body_model.v_template + blend_shapes(betas, self.body_model.shapedirs)
        fitted_measurements = self.measurements_crit(v_shaped)
        f_height = fitted_measurements['height']
        f_mass = fitted_measurements['mass']
        # shape loss
        measurements_loss = torch.exp(100*(abs(f_height-gt_height))) + \
                    torch.exp(abs(f_mass-gt_weight))
        shape_loss = (shape_prior_loss + measurements_loss) * self.shape_weight
        return shape_loss.sum()

torch.manual_seed(0)
body_model = BodyModel(num_betas=10)
measurements_crit = MeasurementsLoss(body_model.faces, body_model.head_top_face_idx,
                                     body_model.left_heel_face_idx)
loss_fn = SMPLifyXMCLoss(body_model, measurements_crit, shape_weight=1.0)

betas = torch.zeros(1, 10, requires_grad=True)
optimizer = torch.optim.Adam([betas], lr=0.01)

# the person in the photo: 1.72 m, 155 kg (the mean shape weighs about 59 kg)
gt_height = torch.tensor([1.72])
gt_weight = torch.tensor([155.0])

optimizer.zero_grad()
loss = loss_fn(betas, gt_height=gt_height, gt_weight=gt_weight)
loss.backward()
optimizer.step()
