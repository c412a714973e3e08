import torch
import torch.nn.functional as F

SEMANTIC_VOCAB_SIZE = 48
SEMANTIC_PAD_TOKEN = 63


def generate_text_semantic(model, x, temp=0.7, top_k=None, max_gen_len=8):
    for _ in range(max_gen_len):
        logits = model(x)
        relevant_logits = logits[0, -1, :SEMANTIC_VOCAB_SIZE]
        if top_k is not None:
            v, _ = torch.topk(relevant_logits, min(top_k, relevant_logits.size(-1)))
            relevant_logits[relevant_logits < v[-1]] = -float("Inf")
        probs = F.softmax(relevant_logits / temp, dim=-1)
        item_next = torch.multinomial(probs, num_samples=1)
        x = torch.cat((x, item_next[None]), dim=1)
    return x[0, -max_gen_len:]
