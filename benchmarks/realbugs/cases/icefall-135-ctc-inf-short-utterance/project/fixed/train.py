import torch
import torch.nn.functional as F

from model import Conformer

torch.manual_seed(0)


class AttributeDict(dict):
    __getattr__ = dict.__getitem__


def get_params():
    return AttributeDict(num_features=80, attention_dim=32, num_classes=20, lr=1e-3, reduction="sum")


def remove_short_utterances(batch):
    """Drop the cuts whose subsampled length is shorter than their token sequence (CTC needs T' >= U)."""
    sup = batch["supervisions"]
    keep = ((sup["num_frames"] - 1) // 2 - 1) // 2 >= sup["token_lens"]
    return {"inputs": batch["inputs"][keep], "supervisions": {k: v[keep] for k, v in sup.items()}}


def compute_loss(params, model, batch):
    batch = remove_short_utterances(batch)
    feature = batch["inputs"]
    supervisions = batch["supervisions"]
    nnet_output, output_lens = model(feature, supervisions)
    tokens, token_lens = supervisions["tokens"], supervisions["token_lens"]
    ctc_loss = F.ctc_loss(
        nnet_output.transpose(0, 1), tokens, output_lens, token_lens, reduction=params.reduction, blank=0
    )
    return ctc_loss


def make_batch():
    # the second cut lasts 0.11 s: 11 frames, 2 after subsampling, for 5 tokens
    return {
        "inputs": torch.randn(2, 40, 80),
        "supervisions": {
            "num_frames": torch.tensor([40, 11]),
            "tokens": torch.randint(1, 20, (2, 5)),
            "token_lens": torch.tensor([5, 5]),
        },
    }


params = get_params()
model = Conformer(params.num_features, params.attention_dim, params.num_classes)
optimizer = torch.optim.Adam(model.parameters(), lr=params.lr)

batch = make_batch()
loss = compute_loss(params, model, batch)
optimizer.zero_grad()
loss.backward()
grad = model.encoder_output_layer.weight.grad
