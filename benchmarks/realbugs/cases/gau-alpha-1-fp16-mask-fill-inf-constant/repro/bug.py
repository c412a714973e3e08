"""GAU-alpha: attention padding mask filled with -INF (1e12) while training in half precision.

Source: https://github.com/JunnYu/GAU-alpha-pytorch/issues/1
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

INF = 1e12


def attention_normalize(a, l, dim=-1, method="softmax"):
    """不同的注意力归一化方案
    softmax：常规/标准的指数归一化；
    squared_relu：来自 https://arxiv.org/abs/2202.10447 ；
    softmax_plus：来自 https://kexue.fm/archives/8823 。
    """
    if method == "softmax":
        return torch.softmax(a, dim=dim)
    else:
        if method == "squared_relu":
            return torch.relu(a) ** 2 / l
        elif method == "softmax_plus":
            return torch.softmax(a * torch.log(l) / np.log(512), dim=dim)
    return a


class ScaleOffset(nn.Module):
    def __init__(self, hidden_size=768, scale=True, offset=True):
        super().__init__()
        self.scale = scale
        self.offset = offset
        if self.scale:
            self.weight = nn.Parameter(torch.ones(hidden_size))
        if self.offset:
            self.bias = nn.Parameter(torch.zeros(hidden_size))

    def forward(self, inputs):
        if self.scale:
            inputs = inputs * self.weight
        if self.offset:
            inputs = inputs + self.bias
        return inputs


class Norm(nn.Module):
    def __init__(self, eps=1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        variance = torch.mean(torch.square(x), dim=-1, keepdim=True)
        return x / torch.sqrt(variance + self.eps)


class GatedAttentionUnit(nn.Module):
    """门控注意力单元  https://arxiv.org/abs/2202.10447"""

    def __init__(self, hidden_size=768, intermediate_size=1536, attention_key_size=128,
                 use_bias=False, normalization="softmax_plus", attention_scale=True,
                 attention_dropout=0.1):
        super().__init__()
        self.activation = F.silu
        self.intermediate_size = intermediate_size
        self.attention_key_size = attention_key_size
        self.use_bias = use_bias
        self.normalization = normalization
        self.attention_scale = attention_scale
        self.attention_dropout = attention_dropout

        self.i_dense = nn.Linear(hidden_size, 2 * intermediate_size + attention_key_size, bias=self.use_bias)
        self.o_dense = nn.Linear(intermediate_size, hidden_size, bias=self.use_bias)
        self.q_scaleoffset = ScaleOffset(attention_key_size, offset=self.use_bias)
        self.k_scaleoffset = ScaleOffset(attention_key_size, offset=self.use_bias)

    def forward(self, hidden_states, attention_mask=None):
        # 投影变换
        x = self.i_dense(hidden_states)
        u, v, qk = torch.split(
            self.activation(x),
            [self.intermediate_size, self.intermediate_size, self.attention_key_size],
            dim=-1,
        )
        q, k = self.q_scaleoffset(qk), self.k_scaleoffset(qk)

        # Attention
        a = torch.einsum("bmd,bnd->bmn", q, k)
        if self.attention_scale:
            a = a / self.attention_key_size ** 0.5

        if attention_mask is not None:
            if attention_mask.ndim == 2:
                attention_mask = attention_mask[:, None, :]
            a = a.masked_fill(attention_mask == 0, -INF)
            l = attention_mask.sum(-1, keepdim=True)
        else:
            l = x.shape[1]

        A = attention_normalize(a, l, dim=-1, method=self.normalization)
        A = F.dropout(A, p=self.attention_dropout, training=self.training)

        # 计算输出
        o = self.o_dense(u * torch.einsum("bmn,bnd->bmd", A, v))
        return o


class GAULayer(nn.Module):
    def __init__(self, hidden_size=768, intermediate_size=1536, attention_key_size=128,
                 normalization="softmax_plus", attention_dropout=0.1, hidden_dropout=0.1, eps=1e-5):
        super().__init__()
        self.gau = GatedAttentionUnit(hidden_size, intermediate_size, attention_key_size,
                                      normalization=normalization, attention_dropout=attention_dropout)
        self.norm = Norm(eps=eps)
        self.hidden_dropout = hidden_dropout

    def forward(self, hidden_states, attention_mask=None):
        gau_output = self.gau(hidden_states, attention_mask)
        # dropout and residual
        o = F.dropout(gau_output, p=self.hidden_dropout, training=self.training)
        return self.norm(hidden_states + o)


class GAUAlphaForSequenceClassification(nn.Module):
    def __init__(self, vocab_size=1000, hidden_size=64, intermediate_size=128,
                 attention_key_size=32, num_hidden_layers=2, num_labels=2):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden_size)
        self.norm = Norm()
        self.encoder = nn.ModuleList([
            GAULayer(hidden_size, intermediate_size, attention_key_size)
            for _ in range(num_hidden_layers)
        ])
        self.classifier = nn.Linear(hidden_size, num_labels)

    def forward(self, input_ids, attention_mask=None):
        hidden_states = self.norm(self.embeddings(input_ids))
        if attention_mask is not None:
            attention_mask = attention_mask.to(hidden_states.dtype)
        for layer in self.encoder:
            hidden_states = layer(hidden_states, attention_mask)
        return self.classifier(hidden_states[:, 0])

torch.manual_seed(0)
model = GAUAlphaForSequenceClassification().half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

# two sentences padded to the same length
input_ids = torch.randint(1, 1000, (2, 16))
attention_mask = torch.ones(2, 16, dtype=torch.long)
attention_mask[1, 10:] = 0
input_ids[1, 10:] = 0
labels = torch.tensor([0, 1])

model.train()
logits = model(input_ids, attention_mask=attention_mask)
loss = F.cross_entropy(logits.float(), labels)
loss.backward()
optimizer.step()
