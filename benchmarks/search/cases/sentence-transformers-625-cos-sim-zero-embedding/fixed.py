# huggingface/sentence-transformers#625 fixed, benign inputs: torch.nn.functional.normalize (eps 1e-12), the maintainers' change.
import torch

torch.manual_seed(0)


def pytorch_cos_sim(a, b):
    if len(a.shape) == 1:
        a = a.unsqueeze(0)
    if len(b.shape) == 1:
        b = b.unsqueeze(0)
    a_norm = torch.nn.functional.normalize(a, p=2, dim=1)
    b_norm = torch.nn.functional.normalize(b, p=2, dim=1)
    return torch.mm(a_norm, b_norm.transpose(0, 1))


corpus_embeddings = torch.randn(5, 300)
query_embedding = torch.randn(300)
cos_scores = pytorch_cos_sim(query_embedding, corpus_embeddings)[0]
top_results = torch.topk(cos_scores, k=3)
