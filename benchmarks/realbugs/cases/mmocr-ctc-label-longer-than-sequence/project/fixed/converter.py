import torch


class CTCConvertor:
    def __init__(self, alphabet="0123456789abcdefghijklmnopqrstuvwxyz"):
        self.idx = {ch: i + 1 for i, ch in enumerate(alphabet)}

    def str2tensor(self, strings):
        tensors = [torch.tensor([self.idx[ch] for ch in s]) for s in strings]
        return {
            "flatten_targets": torch.cat(tensors),
            "target_lengths": torch.tensor([len(t) for t in tensors]),
        }
