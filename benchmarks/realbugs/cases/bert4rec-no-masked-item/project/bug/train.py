import torch
from torch.utils.data import DataLoader

from dataset import BertTrainDataset
from model import BERT4Rec
from trainer import BERTTrainer

torch.manual_seed(0)
num_items, max_len = 20, 6
user_seqs = {0: [4, 7, 2]}
dataset = BertTrainDataset(user_seqs, max_len=max_len, mask_prob=0.15, num_items=num_items)
loader = DataLoader(dataset, batch_size=1, shuffle=False)

model = BERT4Rec(num_items, max_len)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
trainer = BERTTrainer(model, optimizer)

loss = trainer.train_one_epoch(loader)
print(loss.item())
