import torch
import torch.nn as nn
import torch.nn.functional as F


class DCRec_seq(nn.Module):
    def __init__(self, configs):
        super().__init__()
        self.item_num = configs["item_num"]
        self.emb_size = configs["embedding_size"]
        self.weight_mean = configs["weight_mean"]
        self.kl_weight = configs["kl_weight"]
        self.device = configs["device"]
        self.emb_layer = nn.Embedding(self.item_num + 1, self.emb_size, padding_idx=0)
        self.encoder = nn.GRU(self.emb_size, self.emb_size, batch_first=True)
        self.weight_head = nn.Linear(self.emb_size, 1)

    def forward(self, batch_seqs):
        seq_emb = self.emb_layer(batch_seqs)
        seq_out, _ = self.encoder(seq_emb)
        mainstream_weights = self.weight_head(seq_out[:, -1, :]).squeeze(-1)
        return seq_out[:, -1, :], mainstream_weights

    def cal_loss(self, batch_data):
        batch_seqs, batch_last_items = batch_data
        seq_output, mainstream_weights = self.forward(batch_seqs)
        logits = seq_output @ self.emb_layer.weight.t()
        rec_loss = F.cross_entropy(logits, batch_last_items)

        expected_weights_distribution = torch.normal(
            self.weight_mean, 0.1, size=mainstream_weights.size()).clamp(min=1e-8).sort()[0].to(self.device)
        kl_loss = self.kl_weight * F.kl_div(F.log_softmax(
            mainstream_weights, dim=0).sort()[0], expected_weights_distribution, reduction="batchmean")
        loss = rec_loss + kl_loss
        return loss, {"rec_loss": rec_loss, "kl_loss": kl_loss}
