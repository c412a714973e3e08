import numpy as np

from common.quaternion import qbetween_np

# Lower legs, hips and shoulders of the t2m skeleton
face_joint_indx = [2, 1, 17, 16]


def root_rotation(positions):
    """Quaternion per frame that turns the body to face +z."""
    r_hip, l_hip, sdr_r, sdr_l = face_joint_indx
    across1 = positions[:, r_hip] - positions[:, l_hip]
    across2 = positions[:, sdr_r] - positions[:, sdr_l]
    across = across1 + across2
    across = across / np.sqrt((across ** 2).sum(axis=-1))[..., np.newaxis]
    forward = np.cross(np.array([[0, 1, 0]]), across, axis=-1)
    forward = forward / np.sqrt((forward ** 2).sum(axis=-1))[..., np.newaxis]
    target = np.array([[0, 0, 1]]).repeat(len(forward), axis=0)
    return qbetween_np(forward, target)
