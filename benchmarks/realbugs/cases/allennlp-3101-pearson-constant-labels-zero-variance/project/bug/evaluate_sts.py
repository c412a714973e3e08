import torch

from allennlp_lite.training.metrics import PearsonCorrelation


class SimilarityRegressor(torch.nn.Module):
    def __init__(self, input_dim=16):
        super().__init__()
        self.encoder = torch.nn.Sequential(torch.nn.Linear(2 * input_dim, 32), torch.nn.Tanh())
        self.scorer = torch.nn.Linear(32, 1)
        self.metric = PearsonCorrelation()

    def forward(self, sent1, sent2, label=None):
        score = self.scorer(self.encoder(torch.cat([sent1, sent2], dim=-1))).squeeze(-1)
        output = {"score": score}
        if label is not None:
            output["loss"] = torch.nn.functional.mse_loss(score, label)
            self.metric(score, label)
        return output

    def get_metrics(self, reset: bool = False):
        return {"pearson": self.metric.get_metric(reset)}

torch.manual_seed(0)
model = SimilarityRegressor(input_dim=16)
model.eval()

# validation split of an STS-style dataset: every pair in this shard is annotated 0.0 (unrelated)
with torch.no_grad():
    for _ in range(3):
        sent1, sent2 = torch.randn(8, 16), torch.randn(8, 16)
        labels = torch.zeros(8)
        output = model(sent1, sent2, labels)
metrics = model.get_metrics(reset=True)
pearson_r = metrics["pearson"]
