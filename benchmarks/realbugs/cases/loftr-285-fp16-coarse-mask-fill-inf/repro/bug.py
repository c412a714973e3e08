"""LoFTR coarse matching trained in fp16: the padding mask is filled with -1e9.

Source: https://github.com/zju3dv/LoFTR/issues/285

"""
import torch
import torch.nn as nn
import torch.nn.functional as F

INF = 1e9


class CoarseMatching(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.thr = config['thr']
        self.match_type = config['match_type']
        if self.match_type == 'dual_softmax':
            self.temperature = config['dsmax_temperature']
        else:
            raise NotImplementedError()

    def forward(self, feat_c0, feat_c1, data, mask_c0=None, mask_c1=None):
        """
        Args:
            feat0 (torch.Tensor): [N, L, C]
            feat1 (torch.Tensor): [N, S, C]
            data (dict)
            mask_c0 (torch.Tensor): [N, L] (optional)
            mask_c1 (torch.Tensor): [N, S] (optional)
        """
        N, L, S, C = feat_c0.size(0), feat_c0.size(1), feat_c1.size(1), feat_c0.size(2)

        # normalize
        feat_c0, feat_c1 = map(lambda feat: feat / feat.shape[-1]**.5,
                               [feat_c0, feat_c1])

        if self.match_type == 'dual_softmax':
            sim_matrix = torch.einsum("nlc,nsc->nls", feat_c0,
                                      feat_c1) / self.temperature
            if mask_c0 is not None:
                sim_matrix.masked_fill_(
                    ~(mask_c0[..., None] * mask_c1[:, None]).bool(),
                    -INF)
            conf_matrix = F.softmax(sim_matrix, 1) * F.softmax(sim_matrix, 2)

        data.update({'conf_matrix': conf_matrix})


class LoFTR(nn.Module):
    def __init__(self, config):
        super().__init__()
        d = config['d_model']
        self.backbone = nn.Sequential(
            nn.Conv2d(1, d // 2, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(d // 2, d, 3, stride=4, padding=1))
        self.coarse_matching = CoarseMatching(config['match_coarse'])

    def forward(self, data):
        feat_c0 = self.backbone(data['image0'])
        feat_c1 = self.backbone(data['image1'])
        data.update({'hw0_c': feat_c0.shape[2:], 'hw1_c': feat_c1.shape[2:]})
        feat_c0 = feat_c0.flatten(2).transpose(1, 2)
        feat_c1 = feat_c1.flatten(2).transpose(1, 2)

        mask_c0 = mask_c1 = None  # mask is useful in training
        if 'mask0' in data:
            mask_c0, mask_c1 = data['mask0'].flatten(-2), data['mask1'].flatten(-2)
        self.coarse_matching(feat_c0, feat_c1, data, mask_c0=mask_c0, mask_c1=mask_c1)

torch.manual_seed(0)
config = {
    'd_model': 64,
    'match_coarse': {'thr': 0.2, 'match_type': 'dual_softmax', 'dsmax_temperature': 0.1},
}
matcher = LoFTR(config).half()
optimizer = torch.optim.SGD(matcher.parameters(), lr=1e-3)

# a MegaDepth-style pair padded to 64x64 (16x16 coarse cells, 8x8 of them valid)
image0 = torch.zeros(1, 1, 64, 64)
image1 = torch.zeros(1, 1, 64, 64)
image0[..., :32, :32] = torch.rand(1, 1, 32, 32)
image1[..., :32, :32] = torch.rand(1, 1, 32, 32)
mask0 = torch.zeros(1, 8, 8, dtype=torch.bool)
mask0[:, :4, :4] = True
mask1 = mask0.clone()
data = {'image0': image0.half(), 'image1': image1.half(), 'mask0': mask0, 'mask1': mask1}

optimizer.zero_grad()
matcher(data)
conf_matrix = data['conf_matrix']
conf_gt = torch.eye(conf_matrix.shape[1]).unsqueeze(0).bool()
pos_conf = conf_matrix.float()[conf_gt & mask0.flatten(1)[..., None]].clamp(1e-6, 1 - 1e-6)
loss = -(torch.pow(1 - pos_conf, 2) * pos_conf.log()).mean()
loss.backward()
optimizer.step()
