import torch
import torch.nn as nn

from utils import EqualizedLR_Conv2d, Minibatch_std, Pixel_norm


class G_Block(nn.Module):
	def __init__(self, in_ch, out_ch):
		super().__init__()
		self.conv1 = EqualizedLR_Conv2d(in_ch, out_ch, kernel_size=(3, 3), padding=(1, 1))
		self.relu = nn.LeakyReLU(0.2)
		self.pixelwisenorm = Pixel_norm()

	def forward(self, x):
		return self.pixelwisenorm(self.relu(self.conv1(x)))


class Generator(nn.Module):
	def __init__(self, latent_size, out_res):
		super().__init__()
		self.initial = nn.Sequential(EqualizedLR_Conv2d(latent_size, 16, kernel_size=(4, 4), padding=(3, 3)),
									 nn.LeakyReLU(0.2), Pixel_norm())
		self.block = G_Block(16, 16)
		self.toRGB = EqualizedLR_Conv2d(16, 3, kernel_size=(1, 1))

	def forward(self, x):
		return self.toRGB(self.block(self.initial(x)))


class D_Block(nn.Module):
	def __init__(self, in_ch, out_ch, initial_block=False):
		super().__init__()
		if initial_block:
			self.minibatchstd = Minibatch_std()
			self.conv1 = EqualizedLR_Conv2d(in_ch+1, out_ch, kernel_size=(3, 3), padding=(1, 1))
			self.conv2 = EqualizedLR_Conv2d(out_ch, out_ch, kernel_size=(4, 4))
			self.outlayer = nn.Sequential(nn.Flatten(), nn.Linear(out_ch, 1))
		else:
			self.minibatchstd = None
			self.conv1 = EqualizedLR_Conv2d(in_ch, out_ch, kernel_size=(3, 3), padding=(1, 1))
			self.conv2 = EqualizedLR_Conv2d(out_ch, out_ch, kernel_size=(3, 3), padding=(1, 1))
			self.outlayer = nn.AvgPool2d(kernel_size=(2, 2), stride=(2, 2))
		self.relu = nn.LeakyReLU(0.2)

	def forward(self, x):
		if self.minibatchstd is not None:
			x = self.minibatchstd(x)
		x = self.relu(self.conv1(x))
		x = self.relu(self.conv2(x))
		return self.outlayer(x)


class Discriminator(nn.Module):
	def __init__(self, latent_size, out_res):
		super().__init__()
		self.fromRGB = EqualizedLR_Conv2d(3, 16, kernel_size=(1, 1))
		self.block = D_Block(16, 16, initial_block=True)
		self.relu = nn.LeakyReLU(0.2)

	def forward(self, x):
		return self.block(self.relu(self.fromRGB(x)))
