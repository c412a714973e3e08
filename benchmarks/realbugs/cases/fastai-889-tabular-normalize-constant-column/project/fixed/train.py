import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from tabular_data import TabularDataset
from tabular_model import TabularModel

torch.manual_seed(0)
rng = np.random.default_rng(0)

n = 128
df = {
    "workclass": rng.integers(0, 4, n),
    "age": rng.normal(40, 10, n),
    "hours": rng.normal(38, 6, n),
    "room_temp": np.full(n, 20.0),
}
df["salary"] = (df["age"] + rng.normal(0, 5, n) > 40).astype(int)

train_ds = TabularDataset(df, "salary", cat_names=["workclass"], cont_names=["age", "hours", "room_temp"])
train_dl = DataLoader(train_ds, batch_size=32, shuffle=True)
model = TabularModel([(4, 3)], n_cont=3, out_sz=2, layers=[16, 8])
opt = torch.optim.Adam(model.parameters(), lr=1e-2)

for (x_cat, x_cont), y in train_dl:
    loss = F.cross_entropy(model(x_cat, x_cont), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
