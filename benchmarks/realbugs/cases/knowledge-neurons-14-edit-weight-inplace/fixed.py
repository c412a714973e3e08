# Hunter-DDM/knowledge-neurons#14: editing `dense.weight[:, pos] -= ...` raises the view-of-leaf in-place error.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Output(nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = nn.Linear(16, 8)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.output = Output()


model = nn.Module()
model.layer = nn.ModuleList([Layer() for _ in range(2)])

ori_pred_emb = torch.randn(8)
tgt_emb = torch.randn(8)
lambda_list_1 = [1.0, 2.0]
lambda_list_2 = [1.0, 2.0]
kn_bag = [(0, 3), (1, 5)]

with torch.no_grad():
    for i, (layer, pos) in enumerate(kn_bag):
        model.layer[layer].output.dense.weight[:, pos] -= ori_pred_emb * lambda_list_1[i]
        model.layer[layer].output.dense.weight[:, pos] += tgt_emb * lambda_list_2[i]
