import torch

from darknet import Darknet19

torch.manual_seed(0)
net = Darknet19()
net.train()
optimizer = torch.optim.SGD(net.parameters(), lr=1e-3, momentum=0.9)

# VOC-style loader: the second batch holds only background images (no annotated object)
batches = [
    (torch.rand(2, 3, 64, 64), [[[4, 4, 40, 30]], [[10, 20, 60, 60]]], [[1], [2]]),
    (torch.rand(2, 3, 64, 64), [[], []], [[], []]),
]
for step, (im_data, gt_boxes, gt_classes) in enumerate(batches):
    net(im_data, gt_boxes, gt_classes)
    loss = net.loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
