import random

import torch
from torch.utils.data import Dataset


class BertTrainDataset(Dataset):
    def __init__(self, user_seqs, max_len, mask_prob, num_items, seed=0):
        self.users = sorted(user_seqs)
        self.user_seqs = user_seqs
        self.max_len = max_len
        self.mask_prob = mask_prob
        self.num_items = num_items
        self.mask_token = num_items + 1
        self.rng = random.Random(seed)

    def __len__(self):
        return len(self.users)

    def __getitem__(self, index):
        seq = self.user_seqs[self.users[index]]
        tokens, labels = [], []
        for s in seq:
            prob = self.rng.random()
            if prob < self.mask_prob:
                prob /= self.mask_prob
                if prob < 0.8:
                    tokens.append(self.mask_token)
                elif prob < 0.9:
                    tokens.append(self.rng.randint(1, self.num_items))
                else:
                    tokens.append(s)
                labels.append(s)
            else:
                tokens.append(s)
                labels.append(0)
        if all(label == 0 for label in labels):
            tokens[-1] = self.mask_token
            labels[-1] = seq[-1]

        tokens = tokens[-self.max_len:]
        labels = labels[-self.max_len:]
        mask_len = self.max_len - len(tokens)
        tokens = [0] * mask_len + tokens
        labels = [0] * mask_len + labels
        return torch.LongTensor(tokens), torch.LongTensor(labels)
