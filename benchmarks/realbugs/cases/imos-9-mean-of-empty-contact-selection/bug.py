# anindita127/IMoS#9: calc_loss_fingers is NaN when no hand vertex is within contact_threshold (mean of an empty selection).
import torch
import torch.nn as nn

torch.manual_seed(0)
LossL1 = nn.L1Loss(reduction='mean')


def calc_loss_fingers(right_hand_vertices_opt, right_hand_vertices, obj_vertices_opt):
    losses = 0
    contact_threshold = 0.01
    init_obj_vertex1 = torch.repeat_interleave(obj_vertices_opt, right_hand_vertices.shape[1], dim=1)
    right_hand_vertices_opt1 = right_hand_vertices_opt.repeat(1, obj_vertices_opt.shape[1], 1)
    diff = init_obj_vertex1 - right_hand_vertices_opt1
    D_right = torch.norm(diff, dim=-1).float()
    r_flag = D_right < contact_threshold
    losses += 0.005 * torch.mean(D_right[r_flag] - 0.0)
    losses += 0.005 * LossL1(right_hand_vertices_opt, right_hand_vertices)
    return losses


right_hand_vertices = torch.rand(1, 20, 3)
right_hand_opt = right_hand_vertices.clone().requires_grad_(True)
obj_vertices_opt = torch.rand(1, 30, 3) + 1.0  # the object is far from the hand: no contact
optimizer = torch.optim.Adam([right_hand_opt], lr=5e-3)
for it in range(3):
    optimizer.zero_grad()
    losses = calc_loss_fingers(right_hand_opt, right_hand_vertices, obj_vertices_opt)
    losses.backward()
    optimizer.step()
