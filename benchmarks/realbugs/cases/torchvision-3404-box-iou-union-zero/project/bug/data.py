import torch


def load_annotations():
    return [
        {"bbox": [10.0, 40.0, 20.0, 20.0], "category_id": 1},
        {"bbox": [5.0, 5.0, 30.0, 25.0], "category_id": 2},
    ]


def collate(annotations):
    boxes = torch.tensor([a["bbox"] for a in annotations])
    labels = torch.tensor([a["category_id"] for a in annotations])
    return boxes, labels
