# huggingface/transformers#24638 fixed: the clamp-inf pattern the maintainer points to (clamp to finfo(float16).max - 1000 when an inf appears), applied to the attention weights.
import torch
from torch import nn


class GPT2Attention(nn.Module):
    def __init__(self, embed_dim: int, num_heads: int, max_positions: int = 64):
        super().__init__()
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.scale_attn_weights = True
        self.register_buffer(
            "bias",
            torch.tril(torch.ones((max_positions, max_positions), dtype=torch.bool)).view(
                1, 1, max_positions, max_positions
            ),
            persistent=False,
        )
        self.c_attn = nn.Linear(embed_dim, 3 * embed_dim)
        self.c_proj = nn.Linear(embed_dim, embed_dim)

    def _split_heads(self, tensor):
        new_shape = tensor.size()[:-1] + (self.num_heads, self.head_dim)
        return tensor.view(new_shape).permute(0, 2, 1, 3)

    def _merge_heads(self, tensor):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        return tensor.view(tensor.size()[:-2] + (self.num_heads * self.head_dim,))

    def _attn(self, query, key, value):
        attn_weights = torch.matmul(query, key.transpose(-1, -2))
        if attn_weights.dtype == torch.float16:
            max_dtype = torch.finfo(attn_weights.dtype).max
            clamp_value = torch.where(torch.isinf(attn_weights).any(), max_dtype - 1000, max_dtype)
            attn_weights = torch.clamp(attn_weights, min=-clamp_value, max=clamp_value)

        if self.scale_attn_weights:
            attn_weights = attn_weights / torch.full(
                [], value.size(-1) ** 0.5, dtype=attn_weights.dtype, device=attn_weights.device
            )

        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length : key_length, :key_length]
        mask_value = torch.finfo(attn_weights.dtype).min
        mask_value = torch.full([], mask_value, dtype=attn_weights.dtype, device=attn_weights.device)
        attn_weights = torch.where(causal_mask, attn_weights, mask_value)

        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        attn_weights = attn_weights.type(value.dtype)
        attn_output = torch.matmul(attn_weights, value)
        return attn_output, attn_weights

    def forward(self, hidden_states):
        query, key, value = self.c_attn(hidden_states).split(self.embed_dim, dim=2)
        query = self._split_heads(query)
        key = self._split_heads(key)
        value = self._split_heads(value)
        attn_output, attn_weights = self._attn(query, key, value)
        attn_output = self._merge_heads(attn_output)
        return self.c_proj(attn_output)


class GPT2Block(nn.Module):
    def __init__(self, embed_dim: int, num_heads: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(embed_dim)
        self.attn = GPT2Attention(embed_dim, num_heads)

    def forward(self, hidden_states):
        residual = hidden_states
        hidden_states = self.attn(self.ln_1(hidden_states))
        return hidden_states + residual


class TinyGPT2LMHeadModel(nn.Module):
    def __init__(self, vocab_size: int = 50, embed_dim: int = 64, num_heads: int = 2):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, embed_dim)
        self.wpe = nn.Embedding(64, embed_dim)
        self.h = GPT2Block(embed_dim, num_heads)
        self.ln_f = nn.LayerNorm(embed_dim)
        self.lm_head = nn.Linear(embed_dim, vocab_size, bias=False)

    def forward(self, input_ids, labels=None):
        positions = torch.arange(input_ids.size(1)).unsqueeze(0)
        hidden_states = self.wte(input_ids) + self.wpe(positions)
        hidden_states = self.ln_f(self.h(hidden_states))
        logits = self.lm_head(hidden_states)
        loss = None
        if labels is not None:
            shift_logits = logits[..., :-1, :].contiguous().float()
            shift_labels = labels[..., 1:].contiguous()
            loss = nn.functional.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
        return loss, logits


torch.manual_seed(0)

model = TinyGPT2LMHeadModel()
with torch.no_grad():
    # late in training the first LayerNorm gain has grown large
    model.h.ln_1.weight.fill_(150.0)
model = model.half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

input_ids = torch.randint(0, 50, (2, 16))
optimizer.zero_grad()
loss, logits = model(input_ids, labels=input_ids)
loss.backward()
optimizer.step()
