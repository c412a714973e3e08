import torch


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
