import torch

from nn_util import get_text_field_mask, masked_log_softmax


class SpanExtractor(torch.nn.Module):
    def __init__(self, vocab_size=50, dim=8):
        super().__init__()
        self.embedder = torch.nn.Embedding(vocab_size, dim, padding_idx=0)
        self.span_start_predictor = torch.nn.Linear(dim, 1)

    def forward(self, passage):
        passage_mask = get_text_field_mask(passage)
        encoded = self.embedder(passage)
        span_start_logits = self.span_start_predictor(encoded).squeeze(-1)
        span_start_log_probs = masked_log_softmax(span_start_logits, passage_mask)
        return {"span_start_logits": span_start_logits, "span_start_log_probs": span_start_log_probs}
