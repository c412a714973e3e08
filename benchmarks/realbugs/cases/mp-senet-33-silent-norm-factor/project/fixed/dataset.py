import torch


class Dataset(torch.utils.data.Dataset):
    def __init__(self, clips, segment_size=2000):
        self.clips = clips
        self.segment_size = segment_size

    def __len__(self):
        return len(self.clips)

    def __getitem__(self, index):
        clean_audio, noisy_audio = self.clips[index]
        if torch.max(torch.abs(noisy_audio)) == 0.0:
            noisy_audio = noisy_audio + torch.randn(len(noisy_audio)) * 0.00001
        norm_factor = torch.sqrt(len(noisy_audio) / torch.sum(noisy_audio ** 2.0))
        clean_audio = clean_audio * norm_factor
        noisy_audio = noisy_audio * norm_factor
        return clean_audio[: self.segment_size], noisy_audio[: self.segment_size]
