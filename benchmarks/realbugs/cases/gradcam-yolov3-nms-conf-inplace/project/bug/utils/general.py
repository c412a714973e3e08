import torch


def xywh2xyxy(x):
    y = torch.empty_like(x)
    y[:, 0] = x[:, 0] - x[:, 2] / 2
    y[:, 1] = x[:, 1] - x[:, 3] / 2
    y[:, 2] = x[:, 0] + x[:, 2] / 2
    y[:, 3] = x[:, 1] + x[:, 3] / 2
    return y


def non_max_suppression(prediction, conf_thres=0.1, max_det=5):
    xc = prediction[..., 4] > conf_thres
    output = []
    for xi, x in enumerate(prediction):
        x = x[xc[xi]]
        x[..., 5:] *= x[..., 4:5]  # conf = obj_conf * cls_conf
        box = xywh2xyxy(x[:, :4].detach())
        conf, j = x[:, 5:].max(1, keepdim=True)
        det = torch.cat((box, conf, j.float()), 1)
        det = det[det[:, 4].argsort(descending=True)[:max_det]]
        output.append(det)
    return output
