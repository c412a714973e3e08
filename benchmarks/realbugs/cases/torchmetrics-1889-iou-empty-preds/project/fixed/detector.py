import torch
import torch.nn as nn


class TinyDetector(nn.Module):
    def __init__(self, score_thresh=0.5):
        super().__init__()
        self.box_head = nn.Linear(8, 4)
        self.score_head = nn.Linear(8, 1)
        self.score_thresh = score_thresh

    @torch.no_grad()
    def forward(self, feats):
        out = []
        for f in feats:
            boxes = self.box_head(f).abs().cumsum(-1) * 50
            scores = self.score_head(f).sigmoid().squeeze(-1)
            keep = scores > self.score_thresh
            out.append({"boxes": boxes[keep], "scores": scores[keep], "labels": torch.zeros(int(keep.sum()), dtype=torch.long)})
        return out
