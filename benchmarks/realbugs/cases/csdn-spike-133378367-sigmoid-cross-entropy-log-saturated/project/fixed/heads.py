import torch.nn as nn


class ExperimentallyResolvedHead(nn.Module):
    """Predicts, for each residue, whether each of its 37 atoms is resolved in the structure."""

    def __init__(self, c_s, c_out=37):
        super().__init__()
        self.linear = nn.Linear(c_s, c_out)

    def forward(self, s):
        return self.linear(s)


class AuxiliaryHeads(nn.Module):
    def __init__(self, c_s):
        super().__init__()
        self.experimentally_resolved = ExperimentallyResolvedHead(c_s)

    def forward(self, outputs):
        return {"experimentally_resolved_logits": self.experimentally_resolved(outputs["single"])}
