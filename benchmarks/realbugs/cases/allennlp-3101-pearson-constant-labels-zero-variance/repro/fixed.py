"""AllenNLP PearsonCorrelation: r = covariance / (sqrt(var_pred) * sqrt(var_label)) with Python floats.

Source: https://github.com/allenai/allennlp/pull/3101
Fix (from the PR): if the denominator rounds to 0, r is 0.
"""
import math

import numpy as np
import torch


class Covariance(object):
    """
    This ``Metric`` calculates the unbiased sample covariance between two tensors.
    Each element in the two tensors is assumed to be a different observation of the
    variable (i.e., the input tensors are implicitly flattened into vectors and the
    covariance is calculated between the resulting vectors).
    """
    def __init__(self) -> None:
        self._total_prediction_mean = 0.0
        self._total_label_mean = 0.0
        self._total_co_moment = 0.0
        self._total_count = 0.0

    def __call__(self, predictions, gold_labels, mask=None):
        predictions = predictions.detach().view(-1)
        gold_labels = gold_labels.detach().view(-1)

        if mask is not None:
            mask = mask.view(-1)
            predictions = predictions * mask
            gold_labels = gold_labels * mask
            num_batch_items = torch.sum(mask).item()
        else:
            num_batch_items = gold_labels.numel()

        previous_count = self._total_count
        updated_count = self._total_count + num_batch_items

        batch_mean_prediction = torch.sum(predictions) / num_batch_items
        delta_mean_prediction = ((batch_mean_prediction - self._total_prediction_mean) *
                                 num_batch_items) / updated_count
        previous_total_prediction_mean = self._total_prediction_mean
        self._total_prediction_mean += delta_mean_prediction.item()

        batch_mean_label = torch.sum(gold_labels) / num_batch_items
        delta_mean_label = ((batch_mean_label - self._total_label_mean) * num_batch_items) / updated_count
        previous_total_label_mean = self._total_label_mean
        self._total_label_mean += delta_mean_label.item()

        batch_coresiduals = (predictions - batch_mean_prediction) * (gold_labels - batch_mean_label)
        if mask is not None:
            batch_co_moment = torch.sum(batch_coresiduals * mask)
        else:
            batch_co_moment = torch.sum(batch_coresiduals)
        delta_co_moment = (
                batch_co_moment + (previous_total_prediction_mean - batch_mean_prediction) *
                (previous_total_label_mean - batch_mean_label) *
                (previous_count * num_batch_items / updated_count))
        self._total_co_moment += delta_co_moment.item()
        self._total_count = updated_count

    def get_metric(self, reset: bool = False):
        covariance = self._total_co_moment / (self._total_count - 1)
        if reset:
            self.reset()
        return covariance

    def reset(self):
        self._total_prediction_mean = 0.0
        self._total_label_mean = 0.0
        self._total_co_moment = 0.0
        self._total_count = 0.0


class PearsonCorrelation(object):
    """
    r = covariance / (sqrt(predictions_variance) * sqrt(labels_variance))
    """
    def __init__(self) -> None:
        self._predictions_labels_covariance = Covariance()
        self._predictions_variance = Covariance()
        self._labels_variance = Covariance()

    def __call__(self, predictions, gold_labels, mask=None):
        self._predictions_labels_covariance(predictions, gold_labels, mask)
        self._predictions_variance(predictions, predictions, mask)
        self._labels_variance(gold_labels, gold_labels, mask)

    def get_metric(self, reset: bool = False):
        covariance = self._predictions_labels_covariance.get_metric(reset=reset)
        predictions_variance = self._predictions_variance.get_metric(reset=reset)
        labels_variance = self._labels_variance.get_metric(reset=reset)
        if reset:
            self.reset()
        denominator = (math.sqrt(predictions_variance) * math.sqrt(labels_variance))
        if np.around(denominator, decimals=5) == 0:
            pearson_r = 0
        else:
            pearson_r = covariance / denominator
        return pearson_r

    def reset(self):
        self._predictions_labels_covariance.reset()
        self._predictions_variance.reset()
        self._labels_variance.reset()


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
