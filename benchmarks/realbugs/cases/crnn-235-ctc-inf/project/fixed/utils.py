import torch


class strLabelConverter:
    def __init__(self, alphabet):
        self.dict = {ch: i + 1 for i, ch in enumerate(alphabet)}

    def encode(self, texts):
        length = [len(t) for t in texts]
        flat = [self.dict[ch] for t in texts for ch in t]
        return torch.tensor(flat, dtype=torch.long), torch.tensor(length, dtype=torch.long)
