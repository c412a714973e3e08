import torch

from covariance_fns import gen_slowfeature


def setup_pz(num_fea, fea_dim, num_frames):
    sigmas, dets = [], []
    for f in range(num_fea):
        for n in range(fea_dim):
            raw_sigma, det_ = gen_slowfeature(num_frames)
            sigmas.append(torch.from_numpy(raw_sigma).float())
            dets.append(torch.tensor(det_))
    sigma_p = torch.stack(sigmas)
    return torch.inverse(sigma_p), torch.stack(dets)
