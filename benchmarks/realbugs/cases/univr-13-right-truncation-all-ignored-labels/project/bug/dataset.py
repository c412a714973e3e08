"""Video-reasoning SFT samples: prompt + problem-frame tokens, then the answer/summary tokens."""
import torch
from torch.utils.data import Dataset

IGNORE_INDEX = -100
IMAGE_TOKEN = 3


class VRTrainDataset(Dataset):
    def __init__(self, samples, max_length=48, tokens_per_frame=8, max_answer_frames=2):
        self.samples = samples
        self.max_length = max_length
        self.tokens_per_frame = tokens_per_frame
        self.max_answer_frames = max_answer_frames

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        s = self.samples[idx]
        prompt_ids = s["prompt_ids"] + [IMAGE_TOKEN] * (self.tokens_per_frame * s["problem_frames"])
        answer_frames = max(1, min(self.max_answer_frames, s["answer_frames"]))
        answer_ids = [IMAGE_TOKEN] * (self.tokens_per_frame * answer_frames) + s["summary_ids"]
        input_ids = prompt_ids + answer_ids
        labels = [IGNORE_INDEX] * len(prompt_ids) + answer_ids
        input_ids = input_ids[: self.max_length]
        labels = labels[: self.max_length]
        return torch.tensor(input_ids), torch.tensor(labels)


def collate(batch):
    max_len = max(len(ids) for ids, _ in batch)
    input_ids = torch.zeros(len(batch), max_len, dtype=torch.long)
    labels = torch.full((len(batch), max_len), IGNORE_INDEX, dtype=torch.long)
    for i, (ids, lab) in enumerate(batch):
        input_ids[i, : len(ids)] = ids
        labels[i, : len(lab)] = lab
    return input_ids, labels
