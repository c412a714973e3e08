# ziwei-jiang/PGGAN-PyTorch#1: the discriminator's Minibatch_std layer takes torch.std(x, dim=0) over the batch;
# with 65 images and batch_size 8 the last batch holds a single image and the unbiased std of one sample is NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Minibatch_std(nn.Module):
	def forward(self, x):
		size = list(x.size())
		size[1] = 1
		std = torch.std(x, dim=0)
		mean = torch.mean(std)
		return torch.cat((x, mean.repeat(size)), dim=1)


fromRGB = nn.Conv2d(3, 16, 1)
minibatchstd = Minibatch_std()
head = nn.Sequential(nn.Conv2d(17, 16, 4), nn.Flatten(), nn.Linear(16, 1))
dataset = torch.rand(65, 3, 4, 4)
batch_size = 8
for i in range(0, len(dataset), batch_size):
	samples = dataset[i:i + batch_size]
	real_out = head(minibatchstd(torch.nn.functional.leaky_relu(fromRGB(samples), 0.2)))
	d_loss = -real_out.mean()
