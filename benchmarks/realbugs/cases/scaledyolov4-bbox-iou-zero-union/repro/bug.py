import torch

torch.manual_seed(0)
box1 = torch.rand(4, 4) * 0.2 + torch.tensor([0.2, 0.2, 0.5, 0.5])
box2 = torch.rand(4, 4) * 0.2 + torch.tensor([0.2, 0.2, 0.5, 0.5])
box1[2] = torch.tensor([0.3, 0.3, 0.3, 0.6])
box2[2] = torch.tensor([0.3, 0.3, 0.3, 0.6])

inter = (torch.min(box1[:, 2], box2[:, 2]) - torch.max(box1[:, 0], box2[:, 0])).clamp(0) * \
        (torch.min(box1[:, 3], box2[:, 3]) - torch.max(box1[:, 1], box2[:, 1])).clamp(0)
w1, h1 = box1[:, 2] - box1[:, 0], box1[:, 3] - box1[:, 1]
w2, h2 = box2[:, 2] - box2[:, 0], box2[:, 3] - box2[:, 1]
union = w1 * h1 + w2 * h2 - inter
iou = inter / union
loss = (1.0 - iou).mean()
