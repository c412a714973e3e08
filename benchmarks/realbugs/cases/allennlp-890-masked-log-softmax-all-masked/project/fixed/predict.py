import torch

from model import SpanExtractor

torch.manual_seed(0)

model = SpanExtractor()
passage = torch.tensor([[5, 17, 3, 9, 22, 41],
                        [0, 0, 0, 0, 0, 0]])
with torch.no_grad():
    output = model(passage)
span_start_log_probs = output["span_start_log_probs"]
best_span_start = span_start_log_probs.argmax(-1)
