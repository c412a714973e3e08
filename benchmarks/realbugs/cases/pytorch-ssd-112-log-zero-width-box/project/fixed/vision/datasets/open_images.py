import torch


class OpenImagesDataset:
    def __init__(self, annotations, target_transform=None):
        self.annotations = annotations
        self.target_transform = target_transform

    def __len__(self):
        return len(self.annotations)

    def __getitem__(self, index):
        rows = self.annotations[index]
        boxes = torch.tensor([[r["XMin"], r["YMin"], r["XMax"], r["YMax"]] for r in rows])
        labels = torch.tensor([r["label"] for r in rows])
        if self.target_transform:
            boxes, labels = self.target_transform(boxes, labels)
        return boxes, labels
