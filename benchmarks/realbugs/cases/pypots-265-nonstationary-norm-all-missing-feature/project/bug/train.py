import torch

from timesnet.core import _TimesNet

torch.manual_seed(0)
n_steps, n_features = 24, 4
model = _TimesNet(n_layers=2, n_steps=n_steps, n_features=n_features, d_model=16, d_ffn=32, dropout=0.1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

X_intact = torch.randn(8, n_steps, n_features)
missing_rate = 0.9
missing_mask = (torch.rand(8, n_steps, n_features) > missing_rate).float()
indicating_mask = 1.0 - missing_mask
X = X_intact * missing_mask  # missing values filled with 0

inputs = {"X": X, "missing_mask": missing_mask, "X_intact": X_intact, "indicating_mask": indicating_mask}
results = model(inputs, training=True)
loss = results["loss"]
optimizer.zero_grad()
loss.backward()
optimizer.step()
