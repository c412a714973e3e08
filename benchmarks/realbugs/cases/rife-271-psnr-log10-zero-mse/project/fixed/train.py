import math

import torch

from model.RIFE import Model

torch.manual_seed(0)


def make_triplets(n, fade_out=False):
    frames = torch.rand(n, 9, 32, 32)
    if fade_out:
        frames[-1] = 0.0
    return frames


def evaluate(model, val_data):
    psnr_list = []
    for data in val_data.split(2):
        imgs, gt = data[:, :6], data[:, 6:9]
        with torch.no_grad():
            pred, info = model.update(imgs, gt, training=False)
        for j in range(gt.shape[0]):
            mse = torch.mean((gt[j] - pred[j]) * (gt[j] - pred[j])).item()
            psnr = -10 * math.log10(max(mse, 1e-10))
            psnr_list.append(psnr)
    return psnr_list


model = Model()
train_data = make_triplets(8)
for data in train_data.split(4):
    model.update(data[:, :6], data[:, 6:9], training=True)
val_data = make_triplets(4, fade_out=True)
psnr_list = evaluate(model, val_data)
