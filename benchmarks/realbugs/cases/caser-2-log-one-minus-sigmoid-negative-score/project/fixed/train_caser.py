from types import SimpleNamespace

import torch
import torch.optim as optim

from caser import Caser

torch.manual_seed(1234)
model_args = SimpleNamespace(L=5, d=50, nv=4, nh=16, drop=0.5, ac_conv='relu', ac_fc='relu')
num_users, num_items, T, neg_samples = 32, 100, 3, 3
net = Caser(num_users, num_items, model_args)
optimizer = optim.Adam(net.parameters(), weight_decay=1e-6, lr=1e-3)

# after some epochs the bias of the most popular item (id 7), a positive target for
# almost every user, has grown large; here it is sampled as a negative for one user
with torch.no_grad():
    net.b2.weight[7] = 20.0

sequence_var = torch.randint(1, num_items, (8, model_args.L))
user_var = torch.randint(0, num_users, (8, 1))
item_target_var = torch.randint(1, num_items, (8, T))
item_negative_var = torch.randint(8, num_items, (8, neg_samples * T))
item_negative_var[0, 0] = 7

target_prediction = net(sequence_var, user_var, item_target_var)
negative_prediction = net(sequence_var, user_var, item_negative_var, use_cache=True)

optimizer.zero_grad()
# compute the binary cross-entropy loss
target_prediction = torch.clamp(target_prediction, min=-10.0, max=10.0)
negative_prediction = torch.clamp(negative_prediction, min=-10.0, max=10.0)
positive_loss = -torch.mean(torch.log(torch.sigmoid(target_prediction)))
negative_loss = -torch.mean(torch.log(1 - torch.sigmoid(negative_prediction)))
loss = positive_loss + negative_loss
loss.backward()
optimizer.step()
