import torch.nn as nn


class SAGEConv(nn.Module):
    def __init__(self, in_feats, out_feats, aggregator_type="mean", activation=None):
        super().__init__()
        self._aggre_type = aggregator_type
        self.fc_self = nn.Linear(in_feats, out_feats)
        self.fc_neigh = nn.Linear(in_feats, out_feats)
        self.activation = activation

    def forward(self, graph, feat):
        h_self = feat
        if self._aggre_type == "mean":
            h_neigh = graph.update_all_mean(feat)
        else:
            raise KeyError(self._aggre_type)
        rst = self.fc_self(h_self) + self.fc_neigh(h_neigh)
        if self.activation is not None:
            rst = self.activation(rst)
        return rst
