import torch

from models.proposal_module_refine import ProposalModuleRefine

torch.manual_seed(0)
num_proposal = 16
net = ProposalModuleRefine(num_proposal=num_proposal)
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
# features matched to the surface (6 per object) and line (12 per object) centers, and the proposal feature
surface_features = torch.randn(2, 128, 6 * num_proposal)
line_features = torch.randn(2, 128, 12 * num_proposal)
original_feature = torch.randn(2, 128, num_proposal)
target = torch.randn(2, 2 + 3 + 24 + 40 + 10, num_proposal)

for it in range(2):
    pred = net(surface_features, line_features, original_feature)
    loss = ((pred - target) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())
