import torch

from loss_function import bmn_loss_func, get_mask
from models import BMN

torch.manual_seed(0)
opt = {"temporal_scale": 10, "feat_dim": 16, "batch_size": 1, "training_lr": 1e-3}
model = BMN(opt)
optimizer = torch.optim.Adam(model.parameters(), lr=opt["training_lr"], weight_decay=1e-4)
bm_mask = get_mask(opt["temporal_scale"])


def make_video(max_iou):
    T = opt["temporal_scale"]
    feats = torch.randn(opt["batch_size"], opt["feat_dim"], T)
    gt_iou_map = torch.rand(opt["batch_size"], T, T) * max_iou
    gt_start = (torch.rand(opt["batch_size"], T) > 0.7).float()
    gt_end = (torch.rand(opt["batch_size"], T) > 0.7).float()
    return feats, gt_iou_map, gt_start, gt_end


train_loader = [make_video(0.98), make_video(0.85)]
for n_iter, (input_data, label_confidence, label_start, label_end) in enumerate(train_loader):
    confidence_map, start, end = model(input_data)
    loss = bmn_loss_func(confidence_map, start, end, label_confidence, label_start, label_end, bm_mask)
    optimizer.zero_grad()
    loss[0].backward()
    optimizer.step()
    print(n_iter, [round(l.item(), 4) for l in loss])
total_loss = loss[0]
