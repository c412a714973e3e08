import torch

from hmm import LeftToRightHMM

torch.manual_seed(0)

model = LeftToRightHMM(n_states=4, n_obs=6)
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
corpus = [torch.randint(0, 6, (8,)) for _ in range(4)]

for epoch in range(2):
    for obs in corpus:
        loss = -model(obs)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
