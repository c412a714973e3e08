"""pytorch-retinanet focal_loss_alt: log of a sigmoid that underflowed to 0.

Source: https://github.com/kuangliu/pytorch-retinanet/issues/28

"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim



def one_hot_embedding(labels, num_classes):
    '''Embedding labels to one-hot form.

    Args:
      labels: (LongTensor) class labels, sized [N,].
      num_classes: (int) number of classes.

    Returns:
      (tensor) encoded labels, sized [N,#classes].
    '''
    y = torch.eye(num_classes)  # [D,D]
    return y[labels]            # [N,D]


class FocalLoss(nn.Module):
    def __init__(self, num_classes=20):
        super(FocalLoss, self).__init__()
        self.num_classes = num_classes

    def focal_loss_alt(self, x, y):
        '''Focal loss alternative.

        Args:
          x: (tensor) sized [N,D].
          y: (tensor) sized [N,].

        Return:
          (tensor) focal loss.
        '''
        alpha = 0.25

        t = one_hot_embedding(y.data.cpu(), 1+self.num_classes)
        t = t[:,1:]

        xt = x*(2*t-1)  # xt = x if t > 0 else -x
        pt = (2*xt+1).sigmoid()

        w = alpha*t + (1-alpha)*(1-t)
        loss = -w*pt.log() / 2
        return loss.sum()

    def forward(self, loc_preds, loc_targets, cls_preds, cls_targets):
        batch_size, num_boxes = cls_targets.size()
        pos = cls_targets > 0  # [N,#anchors]
        num_pos = pos.data.long().sum()

        mask = pos.unsqueeze(2).expand_as(loc_preds)       # [N,#anchors,4]
        masked_loc_preds = loc_preds[mask].view(-1,4)      # [#pos,4]
        masked_loc_targets = loc_targets[mask].view(-1,4)  # [#pos,4]
        loc_loss = F.smooth_l1_loss(masked_loc_preds, masked_loc_targets, reduction='sum')

        pos_neg = cls_targets > -1  # exclude ignored anchors
        mask = pos_neg.unsqueeze(2).expand_as(cls_preds)
        masked_cls_preds = cls_preds[mask].view(-1,self.num_classes)
        cls_loss = self.focal_loss_alt(masked_cls_preds, cls_targets[pos_neg])

        loss = (loc_loss+cls_loss)/num_pos
        return loss


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

torch.manual_seed(0)
net = RetinaNet(num_classes=20)
criterion = FocalLoss(num_classes=20)
optimizer = optim.SGD(net.parameters(), lr=1e-3, momentum=0.9, weight_decay=1e-4)

# state after the loss spiked (cls_loss in the thousands): the classification head
# now scores class 4 at about 60 on every anchor, background anchors included
with torch.no_grad():
    net.cls_head.bias.view(net.num_anchors, net.num_classes)[:, 3] = 60.0

inputs = torch.randn(2, 3, 32, 32)
loc_preds, cls_preds = net(inputs)
num_boxes = loc_preds.size(1)
loc_targets = torch.randn(2, num_boxes, 4)
cls_targets = torch.zeros(2, num_boxes, dtype=torch.long)   # background
cls_targets[:, :10] = 7                                     # a few positive anchors
cls_targets[:, 10:20] = -1                                  # ignored anchors

optimizer.zero_grad()
loss = criterion(loc_preds, loc_targets, cls_preds, cls_targets)
loss.backward()
optimizer.step()
