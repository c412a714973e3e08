from geometry import geotrf, inv


def get_scaled_camera(view, pts3d_cam):
    target_camera_extrinsics = view["camera_pose"]
    target_camera_extrinsics_inv = inv(target_camera_extrinsics)
    return geotrf(target_camera_extrinsics_inv, pts3d_cam)
