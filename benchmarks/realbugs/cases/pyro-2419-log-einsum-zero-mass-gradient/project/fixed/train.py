import torch

from hmm import LeftToRightHMM

torch.manual_seed(0)

model = LeftToRightHMM(num_states=4, obs_dim=6)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

obs = torch.randn(8, 6)  # one utterance of 8 frames
loss = -model.log_likelihood(obs)
optimizer.zero_grad()
loss.backward()
optimizer.step()
