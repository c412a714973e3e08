"""convasr: masked instance normalization of log-mel features during fp16 inference on long audio.

Source: https://github.com/vadimkantorov/convasr/pull/73
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def compute_output_lengths(x, lengths_fraction=None):
	if lengths_fraction is None:
		return torch.full(x.shape[:1], x.shape[-1], device = x.device, dtype = torch.long)
	return (lengths_fraction * x.shape[-1]).ceil().long()


def temporal_mask(x, lengths):
	return (torch.arange(x.shape[-1], device = x.device, dtype = lengths.dtype).unsqueeze(0) <
			lengths.unsqueeze(1)).view(x.shape[:1] + (1, ) * (len(x.shape) - 2) + x.shape[-1:])


class MaskedInstanceNorm1d(nn.InstanceNorm1d):
	def __init__(self, *args, temporal_mask = False, **kwargs):
		super().__init__(*args, **kwargs)
		self.temporal_mask = temporal_mask

	def forward(self, x, mask = None):
		if not self.temporal_mask or mask is None:
			return super().forward(x)
		assert self.track_running_stats is False
		xlen = mask.int().sum(dim = -1, keepdim = True)
		mean = (x * mask).sum(dim = -1, keepdim = True) / xlen
		zero_mean_masked = mask * (x - mean)
		std = (zero_mean_masked.pow(2).sum(dim = -1, keepdim = True) / xlen).sqrt()
		return zero_mean_masked / (std + self.eps)


class ConvBlock(nn.Module):
	def __init__(self, in_channels, out_channels, kernel_size, stride = 1):
		super().__init__()
		self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, stride = stride, padding = kernel_size // 2)
		self.bn = nn.BatchNorm1d(out_channels)

	def forward(self, x):
		return F.relu(self.bn(self.conv(x)))


class JasperNet(nn.Module):
	def __init__(self, num_input_features = 64, num_classes = 30, base_width = 32, normalize_features = True,
				 normalize_features_temporal_mask = True):
		super().__init__()
		self.normalize_features = MaskedInstanceNorm1d(
			num_input_features, affine = False, eps = 1e-5, track_running_stats = False,
			temporal_mask = normalize_features_temporal_mask
		) if normalize_features else None
		self.backbone = nn.Sequential(
			ConvBlock(num_input_features, base_width, 11, stride = 2),
			ConvBlock(base_width, base_width, 13),
			ConvBlock(base_width, 2 * base_width, 1))
		self.decoder = nn.Conv1d(2 * base_width, num_classes, 1)

	def forward(self, x, xlen = None):
		assert x.ndim == 3
		if self.normalize_features is not None:
			mask = temporal_mask(x, compute_output_lengths(x, xlen)) if xlen is not None else None
			x = self.normalize_features(x, mask = mask)
		x = self.backbone(x)
		return F.log_softmax(self.decoder(x), dim = 1)

torch.manual_seed(0)
model = JasperNet(num_input_features = 64, num_classes = 30)
model.eval()
model.half()

# two utterances of a long call recording: 60 s and 45 s at 100 frames per second, log-mel features
num_frames = 6000
log_mel = (-12.0 + 2.0 * torch.randn(2, 64, num_frames)).half()
xlen = torch.tensor([1.0, 0.75])

with torch.no_grad():
	log_probs = model(log_mel, xlen)
