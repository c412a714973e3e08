from typing import Literal

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class NumberTokenLoss:
    """Class for NTL."""

    def __init__(self, tokenizer):
        """
        NTL Constructor. Setting up attributes needed by NT loss

        Args:
            tokenizer: A PreTrainedTokenizer instance.
        """
        self.tokenizer = tokenizer

        # Add digits to vocab if not there yet.
        self.add_tokens(list(map(str, range(10))))
        self.nt_vals = torch.full((len(self.get_vocab()),), float("nan"))

        # Try to convert each token to a float after stripping the space prefix
        for token, id in self.get_vocab().items():
            if token.strip().isdigit():
                if -1 <= float(token) <= 9 and len(token.lstrip(" ")) == 1:
                    self.nt_vals[id] = float(token)

        self.is_number_token = ~torch.isnan(self.nt_vals)
        self.nt_vals_dense = self.nt_vals[self.is_number_token]

    def get_vocab(self):
        return self.tokenizer.get_vocab()

    def add_tokens(self, tokens):
        new = [t for t in tokens if t not in self.get_vocab()]
        if new:
            self.tokenizer.add_tokens(new)

    def __call__(self, *args, **kwargs):
        """Alias to self.forward"""
        return self.forward(*args, **kwargs)

    def forward(self, logits: Tensor, labels: Tensor, reduction: Literal["none", "mean", "sum"] = "mean") -> Tensor:
        """
        Computes the NTL.

        Args:
            logits: Tensor of shape BS x T x V.
            labels: Tensor of shape BS x T.
            reduction: Reduction scheme for loss aggregation.

        Returns:
            Loss tensor.

        """
        if logits.numel() == 0:
            raise ValueError("Logits passed to the NumberTokenLoss are empty!")
        if labels.numel() == 0:
            raise ValueError("Labels passed to the NumberTokenLoss are empty!")

        labels = labels.masked_fill(labels == -100, 0)

        # Create a mask to filter out non-digit tokens
        y = self.nt_vals[labels]
        valid_positions = ~torch.isnan(y)

        # apply softmax and get number labels
        logits = logits[:, :, self.is_number_token]
        softmax_probs = F.softmax(logits, dim=-1)

        # compute absolute difference between the true numbers and all possible number values
        abs_diff = torch.abs(y[valid_positions].unsqueeze(-1) - self.nt_vals_dense)
        # loss is the absolute difference weighted by the softmax probs
        loss = (abs_diff * softmax_probs[valid_positions]).sum(axis=-1)

        if reduction == "none":
            return loss
        elif reduction == "sum":
            return torch.sum(loss)
        elif reduction == "mean":
            return torch.mean(loss)
        else:
            raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


class WordTokenizer:
    """A whitespace tokenizer with a growable vocabulary (stands in for a PreTrainedTokenizer)."""

    def __init__(self, words):
        self.vocab = {"<pad>": 0, "</s>": 1}
        self.add_tokens(words)

    def get_vocab(self):
        return dict(self.vocab)

    def add_tokens(self, tokens):
        for t in tokens:
            if t not in self.vocab:
                self.vocab[t] = len(self.vocab)

    def __len__(self):
        return len(self.vocab)

    def encode(self, text):
        return [self.vocab[w] for w in text.split()] + [self.vocab["</s>"]]

torch.manual_seed(0)

tokenizer = WordTokenizer("what is the answer yes no plus minus equals".split())
ntl_criterion = NumberTokenLoss(tokenizer)
vocab_size = len(tokenizer)

model = nn.Sequential(nn.Embedding(vocab_size, 32), nn.Linear(32, vocab_size))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
ntl_weight = 0.3


def pad(seqs, value):
    n = max(len(s) for s in seqs)
    return torch.tensor([s + [value] * (n - len(s)) for s in seqs])


# a batch of yes/no questions from the mixed-task dataset: no digit appears in the labels
sources = ["what is the answer", "what is the answer"]
targets = ["yes", "no"]
input_ids = pad([tokenizer.encode(s)[: len(tokenizer.encode(t))] for s, t in zip(sources, targets)], 0)
labels = pad([tokenizer.encode(t) for t in targets], -100)

logits = model(input_ids)
ce_loss = F.cross_entropy(logits.reshape(-1, vocab_size), labels.reshape(-1), ignore_index=-100)
nt_loss = ntl_criterion(logits, labels)
loss = ce_loss + ntl_weight * nt_loss
optimizer.zero_grad()
loss.backward()
optimizer.step()
