import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from base_model import BaseModel, Discriminator, GenB
from train import train

torch.manual_seed(0)
np.random.seed(0)

ntoken, v_dim, num_hid, num_ans = 100, 16, 64, 10
num_objs, q_len, n = 6, 8, 16

features = torch.randn(n, num_objs, v_dim).abs()
questions = torch.randint(0, ntoken, (n, q_len))
answers = torch.zeros(n, num_ans)
answers[torch.arange(n), torch.randint(0, num_ans, (n,))] = 1.0
train_loader = DataLoader(TensorDataset(features, questions, answers), batch_size=8, shuffle=True)

model = BaseModel(ntoken, v_dim, num_hid, num_ans)
genb = GenB(ntoken, v_dim, num_hid, num_ans)
discriminator = Discriminator(num_hid, num_ans)

total_loss = train(model, genb, discriminator, train_loader, num_epochs=1)
print('train_loss', total_loss)
