import torch.nn as nn


class RetinaNet(nn.Module):
    num_anchors = 9

    def __init__(self, num_classes=20, in_channels=32):
        super(RetinaNet, self).__init__()
        self.num_classes = num_classes
        self.fpn = nn.Sequential(nn.Conv2d(3, in_channels, 3, stride=4, padding=1), nn.ReLU())
        self.loc_head = nn.Conv2d(in_channels, self.num_anchors*4, 3, padding=1)
        self.cls_head = nn.Conv2d(in_channels, self.num_anchors*self.num_classes, 3, padding=1)

    def forward(self, x):
        fm = self.fpn(x)
        loc_pred = self.loc_head(fm)
        cls_pred = self.cls_head(fm)
        loc_pred = loc_pred.permute(0,2,3,1).contiguous().view(x.size(0),-1,4)
        cls_pred = cls_pred.permute(0,2,3,1).contiguous().view(x.size(0),-1,self.num_classes)
        return loc_pred, cls_pred
