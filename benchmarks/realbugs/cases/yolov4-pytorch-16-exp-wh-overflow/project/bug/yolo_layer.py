import torch
import torch.nn as nn


class YOLOLayer(nn.Module):
    def __init__(self, anchors, num_classes, img_dim=608):
        super().__init__()
        self.anchors = anchors
        self.num_anchors = len(anchors)
        self.num_classes = num_classes
        self.img_dim = img_dim

    def forward(self, x):
        num_samples, _, grid_size, _ = x.shape
        prediction = x.view(num_samples, self.num_anchors, self.num_classes + 5, grid_size, grid_size) \
            .permute(0, 1, 3, 4, 2).contiguous()
        stride = self.img_dim / grid_size

        cx = torch.sigmoid(prediction[..., 0])
        cy = torch.sigmoid(prediction[..., 1])
        w = prediction[..., 2]
        h = prediction[..., 3]
        pred_conf = torch.sigmoid(prediction[..., 4])

        grid_x = torch.arange(grid_size).repeat(grid_size, 1).view([1, 1, grid_size, grid_size]).float()
        grid_y = torch.arange(grid_size).repeat(grid_size, 1).t().view([1, 1, grid_size, grid_size]).float()
        scaled_anchors = torch.tensor([(a_w / stride, a_h / stride) for a_w, a_h in self.anchors])
        self.anchor_w = scaled_anchors[:, 0:1].view((1, self.num_anchors, 1, 1))
        self.anchor_h = scaled_anchors[:, 1:2].view((1, self.num_anchors, 1, 1))

        pred_boxes = torch.zeros_like(prediction[..., :4])
        pred_boxes[..., 0] = cx + grid_x
        pred_boxes[..., 1] = cy + grid_y
        pred_boxes[..., 2] = torch.exp(w) * self.anchor_w
        pred_boxes[..., 3] = torch.exp(h) * self.anchor_h
        return pred_boxes * stride, pred_conf
