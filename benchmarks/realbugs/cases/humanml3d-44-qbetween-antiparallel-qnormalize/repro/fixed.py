# FIXED (the fix: _FLOAT_EPS added to the norm in qnormalize)
# https://github.com/EricGuo5513/HumanML3D/issues/44 -- the root rotation is qbetween(forward, target), the
# quaternion [|v0||v1| + v0.v1, v0 x v1] normalised by qnormalize = q / ||q||; in a frame where the body
# faces exactly away from the target axis the two vectors are antiparallel, q is the zero quaternion and
# 0 / 0 = NaN goes into the processed motion (007975.npy).
import torch

face_joint_indx = [2, 1, 17, 16]                 # r_hip, l_hip, sdr_r, sdr_l
joints = torch.zeros(22, 3)
joints[2] = torch.tensor([0.1, 0.9, 0.0])
joints[1] = torch.tensor([-0.1, 0.9, 0.0])
joints[17] = torch.tensor([0.2, 1.4, 0.0])
joints[16] = torch.tensor([-0.2, 1.4, 0.0])      # the subject faces -z: across is exactly +x

r_hip, l_hip, sdr_r, sdr_l = face_joint_indx
across = (joints[r_hip] - joints[l_hip]) + (joints[sdr_r] - joints[sdr_l])
across = across / torch.norm(across)
forward = torch.cross(torch.tensor([0.0, 1.0, 0.0]), across, dim=-1)
forward = forward / torch.norm(forward)
target = torch.tensor([0.0, 0.0, 1.0])

v = torch.cross(forward, target, dim=-1)
w = torch.sqrt((forward ** 2).sum(dim=-1, keepdim=True) * (target ** 2).sum(dim=-1, keepdim=True)) \
    + (forward * target).sum(dim=-1, keepdim=True)
q = torch.cat([w, v], dim=-1)
root_quat = q / (torch.norm(q, dim=-1, keepdim=True) + 1e-8)
