import torch
import torch.nn as nn

from heads import AuxiliaryHeads
from loss import AlphaFoldLoss

torch.manual_seed(0)


class TinyTrunk(nn.Module):
    def __init__(self, c_in, c_s):
        super().__init__()
        self.proj = nn.Linear(c_in, c_s)
        self.aux_heads = AuxiliaryHeads(c_s)

    def forward(self, feats):
        outputs = {"single": self.proj(feats)}
        outputs.update(self.aux_heads(outputs))
        return outputs


model = TinyTrunk(8, 16)
criterion = AlphaFoldLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
feats = torch.randn(2, 10, 8)
feats[0, 3] = 300.0  # an outlier residue feature drives the head into saturation
batch = {
    "all_atom_mask": (torch.rand(2, 10, 37) > 0.5).float(),
    "atom37_atom_exists": torch.ones(2, 10, 37),
}
out = model(feats)
loss = criterion(out, batch)
optimizer.zero_grad()
loss.backward()
optimizer.step()
