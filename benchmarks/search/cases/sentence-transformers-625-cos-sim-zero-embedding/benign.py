# huggingface/sentence-transformers#625, benign inputs: every sentence has a known word, so no embedding
# is the zero vector. The bug (0 / 0) needs a sentence made only of out-of-vocabulary words.
import torch

torch.manual_seed(0)


def pytorch_cos_sim(a, b):
    if len(a.shape) == 1:
        a = a.unsqueeze(0)
    if len(b.shape) == 1:
        b = b.unsqueeze(0)
    a_norm = a / a.norm(dim=1)[:, None]
    b_norm = b / b.norm(dim=1)[:, None]
    return torch.mm(a_norm, b_norm.transpose(0, 1))


corpus_embeddings = torch.randn(5, 300)
query_embedding = torch.randn(300)
cos_scores = pytorch_cos_sim(query_embedding, corpus_embeddings)[0]
top_results = torch.topk(cos_scores, k=3)
