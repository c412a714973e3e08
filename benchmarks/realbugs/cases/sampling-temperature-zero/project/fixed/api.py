import torch

from generation import generate_text_semantic
from model import TinyGPT


def text_to_semantic(text, temp=0.7, silent=True):
    torch.manual_seed(0)
    model = TinyGPT()
    tokens = torch.tensor([[ord(c) % 48 for c in text]])
    return generate_text_semantic(model, tokens, temp=temp)
