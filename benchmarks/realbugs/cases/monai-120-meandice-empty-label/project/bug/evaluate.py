import torch

from data import load_validation_batch
from metrics import MeanDice

torch.manual_seed(0)

metric = MeanDice(include_background=True)
y_pred, y = load_validation_batch()
mean_dice = metric(y_pred, y)
print(f"mean dice {mean_dice.item():.4f}")
