import torch
from torch import nn

from modeling_opt import OPTDecoder

torch.manual_seed(13)

vocab_size, embed_dim, pad_token_id = 50, 256, 1
decoder = OPTDecoder(vocab_size, embed_dim, num_heads=2, pad_token_id=pad_token_id)
lm_head = nn.Linear(embed_dim, vocab_size, bias=False)
decoder.half()
lm_head.half()

# a left-padded batch of prompts, as the tokenizer returns it for batched generation
input_ids = torch.tensor([[pad_token_id, 7, 12, 30, 4], [5, 9, 22, 17, 8]])
attention_mask = (input_ids != pad_token_id).long()

hidden_states = decoder(input_ids, attention_mask=attention_mask)
logits = lm_head(hidden_states).float()
loss = nn.functional.cross_entropy(logits[:, :-1].reshape(-1, vocab_size), input_ids[:, 1:].reshape(-1))
loss.backward()
