import torch

from attention import HpuPromptAttention
from model_runner import HpuModelRunner

torch.manual_seed(0)

NUM_HEADS, HEAD_SIZE, HIDDEN = 2, 16, 32


class TinyDecoderLayer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, HIDDEN)
        self.qkv = torch.nn.Linear(HIDDEN, 3 * NUM_HEADS * HEAD_SIZE)
        self.attn = HpuPromptAttention(NUM_HEADS, HEAD_SIZE)

    def forward(self, tokens, attn_bias):
        b, t = tokens.shape
        q, k, v = self.qkv(self.embed(tokens)).view(b, t, 3, NUM_HEADS, HEAD_SIZE).permute(2, 0, 3, 1, 4)
        return self.attn(q, k, v, attn_bias), k, v


runner = HpuModelRunner(batch_bucket=4, seq_bucket=8)
layer = TinyDecoderLayer()
meta = runner.prepare_prompt([[5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8]])

with torch.no_grad():
    out, k, v = layer(meta.input_tokens, meta.attn_bias)
    kv_cache = torch.zeros(4, NUM_HEADS, 8, HEAD_SIZE)
    kv_cache += out    # flat_pa reads this cache in the decode steps
