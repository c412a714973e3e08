import torch
import torch.nn as nn

EPS = 1e-8


class LogWMSE(nn.Module):
    def __init__(self, audio_length=1, sample_rate=4410, return_as_loss=True):
        super().__init__()
        self.audio_length = audio_length
        self.sample_rate = sample_rate
        self.return_as_loss = return_as_loss

    def _calculate_log_wmse(self, input_rms, est, target):
        if torch.all(input_rms == 0):
            input_rms = input_rms + EPS
        scaling_factor = 1 / input_rms
        diff = (est - target) * scaling_factor
        return torch.log(diff.pow(2).mean(-1) + EPS)

    def forward(self, unprocessed_audio, processed_audio, target_audio):
        input_rms = unprocessed_audio.pow(2).mean(-1, keepdim=True).sqrt().unsqueeze(2)
        values = self._calculate_log_wmse(input_rms, processed_audio, target_audio)
        return values.mean() if self.return_as_loss else -values.mean()
