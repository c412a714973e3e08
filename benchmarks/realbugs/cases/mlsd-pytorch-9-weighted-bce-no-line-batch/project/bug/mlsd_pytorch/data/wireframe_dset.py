import numpy as np
import torch
from torch.utils.data import Dataset


def draw_line(mask, x0, y0, x1, y1):
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for t in np.linspace(0.0, 1.0, n):
        mask[int(round(y0 + t * (y1 - y0))), int(round(x0 + t * (x1 - x0)))] = 1.0


class Line_Dataset(Dataset):
    """Wireframe-style samples: an image and its 16-channel target maps at 1/2 size."""

    def __init__(self, samples, input_size=64):
        self.samples = samples
        self.input_size = input_size

    def __len__(self):
        return len(self.samples)

    def _line_to_tp_maps(self, lines):
        s = self.input_size // 2
        gt = np.zeros((16, s, s), dtype=np.float32)
        for x0, y0, x1, y1 in lines:
            x0, y0, x1, y1 = [v / 2.0 for v in (x0, y0, x1, y1)]
            cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
            gt[7, int(cy), int(cx)] = 1.0
            gt[14, int(y0), int(x0)] = 1.0
            gt[14, int(y1), int(x1)] = 1.0
            draw_line(gt[15], x0, y0, x1, y1)
        return gt

    def __getitem__(self, index):
        img, lines = self.samples[index]
        gt = self._line_to_tp_maps(lines)
        return torch.from_numpy(img), torch.from_numpy(gt)
