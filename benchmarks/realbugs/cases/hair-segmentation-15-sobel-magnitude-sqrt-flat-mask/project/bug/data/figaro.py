import torch


def make_figaro_sample(size=32):
    """A portrait crop: hair region on a flat black studio background."""
    image = torch.zeros(1, 3, size, size)
    mask = torch.zeros(1, 1, size, size)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing='ij')
    hair = ((yy - size // 3) ** 2 + (xx - size // 3) ** 2) < (size // 4) ** 2
    image[:, :, hair] = torch.rand(3, int(hair.sum()))
    mask[:, :, hair] = 1.0
    gray = image.mean(dim=1, keepdim=True)
    return image, gray, mask
