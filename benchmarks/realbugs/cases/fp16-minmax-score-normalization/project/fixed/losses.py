import torch

from scores import colbert_kd_scores


class Distillation(torch.nn.Module):
    def __init__(self, model, score_metric=colbert_kd_scores, size_average=True, normalize_scores=True):
        super().__init__()
        self.model = model
        self.score_metric = score_metric
        self.loss_function = torch.nn.KLDivLoss(reduction="batchmean" if size_average else "sum", log_target=True)
        self.normalize_scores = normalize_scores

    def forward(self, sentence_features, labels):
        queries_embeddings = torch.nn.functional.normalize(
            self.model(sentence_features[0])["token_embeddings"], p=2, dim=-1
        )
        documents_embeddings = torch.nn.functional.normalize(
            self.model(sentence_features[1])["token_embeddings"], p=2, dim=-1
        )
        documents_embeddings = documents_embeddings.view(
            queries_embeddings.size(0), -1, *documents_embeddings.shape[1:]
        )
        scores = self.score_metric(queries_embeddings, documents_embeddings)
        if self.normalize_scores:
            max_scores, _ = torch.max(scores, dim=1, keepdim=True)
            min_scores, _ = torch.min(scores, dim=1, keepdim=True)
            denominator = (max_scores - min_scores).clamp(min=torch.finfo(scores.dtype).eps)
            scores = (scores - min_scores) / denominator
        return self.loss_function(
            torch.nn.functional.log_softmax(scores, dim=-1),
            torch.nn.functional.log_softmax(labels, dim=-1),
        )
