"""EBLNet: Laplacian smoothing adds the node features in place to the ReLU output in the point GCN.

Source: https://github.com/hehao13/EBLNet/issues/9
Fix (from the thread): replace the in-place z += x with z = z + x.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def get_uncertain_point_coords_on_grid(uncertainty_map, num_points):
    R, _, H, W = uncertainty_map.shape
    num_points = min(H * W, num_points)
    point_indices = torch.topk(uncertainty_map.view(R, H * W), k=num_points, dim=1)[1]
    point_coords = torch.zeros(R, num_points, 2, dtype=torch.float, device=uncertainty_map.device)
    point_coords[:, :, 0] = point_indices % W
    point_coords[:, :, 1] = point_indices // W
    return point_indices, point_coords


def point_sample(input, point_indices, **kwargs):
    N, C, H, W = input.shape
    point_indices = point_indices.unsqueeze(1).expand(-1, C, -1)
    flatten_input = input.flatten(start_dim=2)
    sampled_feats = flatten_input.gather(dim=2, index=point_indices).view_as(point_indices)   # n c p
    return sampled_feats


class GCN(nn.Module):
    """
        Implementation of simple GCN operation in Glore Paper cvpr2019
    """
    def __init__(self, node_num, node_fea):
        super(GCN, self).__init__()
        self.node_num = node_num
        self.node_fea = node_fea
        self.conv_adj = nn.Conv1d(self.node_num, self.node_num, kernel_size=1, bias=False)
        self.bn_adj = nn.BatchNorm1d(self.node_num)

        self.conv_wg = nn.Conv1d(self.node_fea, self.node_fea, kernel_size=1, bias=False)
        self.bn_wg = nn.BatchNorm1d(self.node_fea)
        self.relu = nn.ReLU()

    def forward(self, x):
        """
            x: shape: (b, n, d)
        """
        z = self.conv_adj(x)
        z = self.bn_adj(z)
        z = self.relu(z)

        # Laplacian smoothing
        z = z + x
        z = z.transpose(1, 2).contiguous()  # (b, d, n)
        z = self.conv_wg(z)
        z = self.bn_wg(z)
        z = self.relu(z)
        z = z.transpose(1, 2).contiguous()  # (b, n, d)

        return z


class ContourPointGCN(nn.Module):
    def __init__(self, inplance, num_points, thresholds=0.8):
        super(ContourPointGCN, self).__init__()
        self.num_points = num_points
        self.thresholds = thresholds
        self.gcn = GCN(num_points, inplance)

    def forward(self, x, edge):
        B, C, H, W = x.size()
        edge[edge < self.thresholds] = 0
        edge_index, point_coords = get_uncertain_point_coords_on_grid(edge, self.num_points)

        gcn_features = point_sample(x, edge_index).permute(0, 2, 1)  # b, n, c
        gcn_features_reasoned = self.gcn(gcn_features)  # b, n, c
        gcn_features_reasoned = gcn_features_reasoned.permute(0, 2, 1)  # b, c, n

        edge_index = edge_index.unsqueeze(1).expand(-1, C, -1)
        final_features = x.reshape(B, C, H * W).scatter(2, edge_index, gcn_features_reasoned).view(B, C, H, W)
        return final_features


class EBLNet(nn.Module):
    def __init__(self, num_classes=2, channels=16, num_points=32):
        super(EBLNet, self).__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, stride=2, padding=1), nn.BatchNorm2d(channels), nn.ReLU())
        self.body_head = nn.Conv2d(channels, channels, 3, padding=1)
        self.edge_head = nn.Conv2d(channels, 1, 1)
        self.contour_gcn = ContourPointGCN(channels, num_points, thresholds=0.1)
        self.final_seg = nn.Conv2d(channels, num_classes, 1)

    def forward(self, inp):
        x = self.backbone(inp)
        body = self.body_head(x)
        edge = self.edge_head(x)
        refined = self.contour_gcn(body, edge)
        seg_out = F.interpolate(self.final_seg(refined), size=inp.shape[2:], mode='bilinear', align_corners=False)
        edge_out = F.interpolate(edge, size=inp.shape[2:], mode='bilinear', align_corners=False)
        return seg_out, edge_out

torch.manual_seed(0)
net = EBLNet(num_classes=2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

images = torch.randn(2, 3, 32, 32)
gts = (torch.rand(2, 32, 32) > 0.5).long()

net.train()
optimizer.zero_grad()
seg_out, edge_out = net(images)
main_loss = F.cross_entropy(seg_out, gts)
main_loss.backward()
optimizer.step()
