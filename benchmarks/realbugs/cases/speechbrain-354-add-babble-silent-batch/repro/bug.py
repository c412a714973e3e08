import torch
import torch.nn as nn


def compute_amplitude(waveforms, lengths, amp_type="avg", scale="linear"):
    """Compute the average or peak amplitude of a batch of waveforms."""
    if len(waveforms.shape) == 1:
        waveforms = waveforms.unsqueeze(0)

    assert amp_type in ["avg", "peak"]
    assert scale in ["linear", "dB"]

    if amp_type == "avg":
        out = torch.sum(input=torch.abs(waveforms), dim=1, keepdim=True) / lengths
    elif amp_type == "peak":
        out = torch.max(torch.abs(waveforms), dim=1, keepdim=True)[0]
    else:
        raise NotImplementedError

    if scale == "linear":
        return out
    elif scale == "dB":
        return torch.clamp(20 * torch.log10(out), min=-80)  # clamp zeros


def dB_to_amplitude(SNR):
    """Returns the amplitude ratio, converted from decibels."""
    return 10 ** (SNR / 20)


class AddBabble(torch.nn.Module):
    """Simulate babble noise by mixing the signals in a batch."""

    def __init__(self, speaker_count=3, snr_low=0, snr_high=0, mix_prob=1):
        super().__init__()
        self.speaker_count = speaker_count
        self.snr_low = snr_low
        self.snr_high = snr_high
        self.mix_prob = mix_prob

    def forward(self, waveforms, lengths):
        babbled_waveform = waveforms.clone()
        lengths = (lengths * waveforms.shape[1]).unsqueeze(1)
        batch_size = len(waveforms)

        # Don't mix (return early) 1-`mix_prob` portion of the batches
        if torch.rand(1) > self.mix_prob:
            return babbled_waveform

        # Pick an SNR and use it to compute the mixture amplitude factors
        clean_amplitude = compute_amplitude(waveforms, lengths)
        SNR = torch.rand(batch_size, 1, device=waveforms.device)
        SNR = SNR * (self.snr_high - self.snr_low) + self.snr_low
        noise_amplitude_factor = 1 / (dB_to_amplitude(SNR) + 1)
        new_noise_amplitude = noise_amplitude_factor * clean_amplitude

        # Scale clean signal appropriately
        babbled_waveform *= 1 - noise_amplitude_factor

        # For each speaker in the mixture, roll and add
        babble_waveform = waveforms.roll((1,), dims=0)
        babble_len = lengths.roll((1,), dims=0)
        for i in range(1, self.speaker_count):
            babble_waveform += waveforms.roll((1 + i,), dims=0)
            babble_len = torch.max(babble_len, babble_len.roll((1,), dims=0))

        # Rescale and add to mixture
        babble_amplitude = compute_amplitude(babble_waveform, babble_len)
        babble_waveform *= new_noise_amplitude / babble_amplitude
        babbled_waveform += babble_waveform

        return babbled_waveform

torch.manual_seed(0)

batch_size, n_samples = 4, 1600
t = torch.arange(n_samples) / 16000.0
wavs = torch.stack([torch.sin(2 * torch.pi * f * t) * 0.3 for f in (220.0, 330.0, 440.0, 550.0)])
# two segments of the batch come from the non-speech part of the corpus (digital silence)
wavs[0] = 0.0
wavs[1] = 0.0
wav_lens = torch.ones(batch_size)
labels = torch.tensor([0, 0, 1, 1])

augment = AddBabble(speaker_count=2, snr_low=0, snr_high=15)
classifier = nn.Sequential(nn.Conv1d(1, 4, 64, stride=32), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(4, 2))
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3)

noisy = augment(wavs, wav_lens)
logits = classifier(noisy.unsqueeze(1))
loss = nn.functional.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
