import torch

from models.dcrec_seq import DCRec_seq

configs = {"item_num": 50, "embedding_size": 16, "weight_mean": 0.1, "kl_weight": 1e-2, "device": "cpu"}

torch.manual_seed(0)
model = DCRec_seq(configs)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

batch_seqs = torch.randint(1, configs["item_num"] + 1, (64, 10))
batch_last_items = torch.randint(1, configs["item_num"] + 1, (64,))
optimizer.zero_grad()
loss, losses = model.cal_loss((batch_seqs, batch_last_items))
kl_loss = losses["kl_loss"]
loss.backward()
optimizer.step()
