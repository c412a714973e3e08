import torch
import torch.nn as nn
import torch.nn.functional as F


class ProposalModuleRefine(nn.Module):
    def __init__(self, num_class=10, num_heading_bin=12, num_size_cluster=10, num_proposal=16):
        super().__init__()
        self.num_proposal = num_proposal
        out_dim = 2 + 3 + num_heading_bin * 2 + num_size_cluster * 4 + num_class
        self.conv_surface1 = nn.Conv1d(128, 128, 1)
        self.bn_surface1 = nn.BatchNorm1d(128)
        self.conv_line1 = nn.Conv1d(128, 128, 1)
        self.bn_line1 = nn.BatchNorm1d(128)
        self.conv_refine1 = nn.Conv1d(256, 128, 1)
        self.bn_refine1 = nn.BatchNorm1d(128)
        self.conv_refine2 = nn.Conv1d(128, 128, 1)
        self.bn_refine2 = nn.BatchNorm1d(128)
        self.conv_refine4 = nn.Conv1d(128, out_dim, 1)

    def forward(self, surface_features, line_features, original_feature):
        batch_size = surface_features.shape[0]
        surface_features = F.relu(self.bn_surface1(self.conv_surface1(surface_features)))
        surface_features = surface_features.view(batch_size, -1, 6, self.num_proposal)
        line_features = F.relu(self.bn_line1(self.conv_line1(line_features)))
        line_features = line_features.view(batch_size, -1, 12, self.num_proposal)
        surface_pool_feature = F.max_pool2d(surface_features, (6, 1), stride=1).squeeze(2)
        line_pool_feature = F.max_pool2d(line_features, (12, 1), stride=1).squeeze(2)
        combine_feature = torch.cat((surface_pool_feature, line_pool_feature), dim=1)

        net = F.relu(self.bn_refine1(self.conv_refine1(combine_feature)))
        net = net + original_feature  ### Residual feature
        net = F.relu(self.bn_refine2(self.conv_refine2(net)))
        net = self.conv_refine4(net)
        return net
