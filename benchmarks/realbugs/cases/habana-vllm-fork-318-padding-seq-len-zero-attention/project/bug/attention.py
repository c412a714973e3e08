import torch


class HpuPromptAttention(torch.nn.Module):
    def __init__(self, num_heads: int, head_size: int):
        super().__init__()
        self.num_heads = num_heads
        self.head_size = head_size
        self.scale = head_size ** -0.5

    def forward(self, query, key, value, attn_bias):
        scores = torch.matmul(query, key.transpose(-1, -2)) * self.scale
        scores = scores.masked_fill(~attn_bias, float("-inf"))
        attn_weights = torch.softmax(scores, dim=-1)
        return torch.matmul(attn_weights, value)
