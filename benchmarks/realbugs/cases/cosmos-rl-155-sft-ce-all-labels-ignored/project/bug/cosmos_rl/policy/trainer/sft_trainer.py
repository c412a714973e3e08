import torch

from cosmos_rl.dispatcher.data_packer import collate_fn


class SFTTrainer(object):
    def __init__(self, model, data_packer, model_max_length=48, lr=1e-3):
        self.model = model
        self.data_packer = data_packer
        self.model_max_length = model_max_length
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.model.train()
        self.loss_fn = torch.nn.CrossEntropyLoss()

    def train_step(self, batch):
        model_input = collate_fn(batch, pad_token_id=0, data_packer=self.data_packer,
                                 model_max_length=self.model_max_length)
        labels = model_input.pop("label_ids")
        self.optimizer.zero_grad()
        logits = self.model(**model_input)[:, :-1].contiguous()
        loss = self.loss_fn(
            logits.view(-1, logits.size(-1)),
            labels[:, 1:].contiguous().view(-1),
        )
        loss.backward()
        self.optimizer.step()
        return loss
