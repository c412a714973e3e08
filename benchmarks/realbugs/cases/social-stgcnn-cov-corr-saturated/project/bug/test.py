import torch

from metrics import ade, bivariate_sampler
from model import social_stgcnn

torch.manual_seed(0)
KSTEPS = 20
model = social_stgcnn()
model.eval()


def make_scene(num_peds, scale):
    start = torch.randn(num_peds, 2) * scale
    velocity = torch.randn(num_peds, 2) * 0.4 * scale
    t = torch.arange(20).float()[:, None, None]
    traj = start + t * velocity                       # (20, N, 2)
    rel = traj[1:] - traj[:-1]
    return rel[:8], rel[8:]


datasets = {"eth": make_scene(6, 1.0), "univ": make_scene(57, 100.0)}
raw_data_dic = {}
for name, (V_obs, V_tr) in datasets.items():
    with torch.no_grad():
        V_pred = model(V_obs.permute(2, 0, 1).unsqueeze(0)).squeeze(0)
    mvnormal = bivariate_sampler(V_pred)
    samples = mvnormal.sample((KSTEPS,))
    raw_data_dic[name] = min(ade(s, V_tr[:12] if V_tr.shape[0] >= 12 else V_tr) for s in samples[:, :V_tr.shape[0]])
    print(name, raw_data_dic[name])
ad = sum(raw_data_dic.values()) / len(raw_data_dic)
