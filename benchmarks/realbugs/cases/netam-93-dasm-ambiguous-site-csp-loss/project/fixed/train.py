import torch

from netam.dasm import DASMBurrito
from netam.data import DASMDataset


class SelectionModel(torch.nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.embed = torch.nn.Embedding(21, dim)
        self.out = torch.nn.Linear(dim, 20)

    def forward(self, aa_parents_idxs, mask):
        return torch.nn.functional.logsigmoid(self.out(torch.tanh(self.embed(aa_parents_idxs))))


torch.manual_seed(0)
# the second parent sequence has an ambiguous codon (NNN -> X) at position 3; the child carries a real residue there
aa_parents = ["ACDEFGHI", "KLMXPQRS"]
aa_children = ["ACDQFGHI", "KLMNPQWS"]
neutral_aa_probs = torch.softmax(torch.randn(2, 8, 20), dim=-1) * 0.05
dataset = DASMDataset(aa_parents, aa_children, neutral_aa_probs)

model = SelectionModel()
burrito = DASMBurrito(model)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss = burrito.loss_of_batch(dataset.batch())
optimizer.zero_grad()
loss.backward()
optimizer.step()
