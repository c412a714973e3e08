import torch

from cosmos_rl.dispatcher.data_packer import collate_fn


def async_safe_ce(
    output: torch.Tensor,
    target: torch.LongTensor,
    ignore_index: int = -100,
) -> torch.Tensor:
    # [B, T, C] x [B, T]
    logits = output[:, :-1]
    labels = target[:, 1:]

    # flatten to [B*T, C] and [B*T]
    flat_logits = logits.flatten(0, 1).float()
    flat_labels = labels.flatten(0, 1)

    # 1) get total loss (summing only non-ignored positions under the hood)
    total_loss = torch.nn.functional.cross_entropy(
        flat_logits,
        flat_labels,
        ignore_index=ignore_index,
        reduction="sum",
    )

    # 2) count how many valid labels we had, but never go below 1
    valid_count = flat_labels.ne(ignore_index).sum().clamp_min(1.0)
    return total_loss / valid_count


class SFTTrainer(object):
    def __init__(self, model, data_packer, model_max_length=48, lr=1e-3):
        self.model = model
        self.data_packer = data_packer
        self.model_max_length = model_max_length
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.model.train()
        self.loss_fn = async_safe_ce

    def train_step(self, batch):
        model_input = collate_fn(batch, pad_token_id=0, data_packer=self.data_packer,
                                 model_max_length=self.model_max_length)
        labels = model_input.pop("label_ids")
        self.optimizer.zero_grad()
        logits = self.model(**model_input)
        loss = self.loss_fn(logits, labels)
        loss.backward()
        self.optimizer.step()
        return loss
