import torch
import torch.nn as nn

from model.warplayer import warp


class IFNet(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(6, c, 3, padding=1), nn.PReLU(c), nn.Conv2d(c, 5, 3, padding=1))

    def forward(self, x):
        img0, img1 = x[:, :3], x[:, 3:6]
        out = self.conv(x)
        flow = out[:, :4]
        mask = torch.sigmoid(out[:, 4:5])
        warped_img0 = warp(img0, flow[:, :2])
        warped_img1 = warp(img1, flow[:, 2:4])
        merged = warped_img0 * mask + warped_img1 * (1 - mask)
        return flow, mask, merged


class Model:
    def __init__(self):
        self.flownet = IFNet()
        self.optimG = torch.optim.AdamW(self.flownet.parameters(), lr=1e-4, weight_decay=1e-3)

    def update(self, imgs, gt, training=True):
        if training:
            self.flownet.train()
        else:
            self.flownet.eval()
        flow, mask, merged = self.flownet(imgs)
        loss_l1 = (merged - gt).abs().mean()
        if training:
            self.optimG.zero_grad()
            loss_l1.backward()
            self.optimG.step()
        return merged, {"loss_l1": loss_l1, "flow": flow}
