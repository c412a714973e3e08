import torch


class PennFudanStyleDataset:
    """Own dataset in the format of the torchvision detection finetuning tutorial."""

    def __init__(self, annotations):
        self.annotations = annotations

    def __len__(self):
        return len(self.annotations)

    def __getitem__(self, idx):
        ann = self.annotations[idx]
        img = torch.rand(3, 64, 64, generator=torch.Generator().manual_seed(idx))
        boxes = torch.as_tensor(ann["boxes"], dtype=torch.float32)
        labels = torch.as_tensor(ann["labels"], dtype=torch.int64)
        keep = (boxes[:, 3] > boxes[:, 1]) & (boxes[:, 2] > boxes[:, 0])
        boxes = boxes[keep]
        labels = labels[keep]
        target = {"boxes": boxes, "labels": labels, "image_id": torch.tensor([idx])}
        return img, target
