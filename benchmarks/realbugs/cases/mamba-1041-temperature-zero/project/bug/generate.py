import argparse
import torch
from model import TinyLM
from mamba_ssm.utils.generation import decode

parser = argparse.ArgumentParser()
parser.add_argument("--topk", type=int, default=5)
parser.add_argument("--temperature", type=float, default=0.0)
parser.add_argument("--genlen", type=int, default=6)
args = parser.parse_args([])

torch.manual_seed(0)
model = TinyLM().eval()
prompt = torch.tensor([[1, 2, 3], [4, 5, 6]])
tokens = decode(prompt, model, max_length=prompt.shape[1] + args.genlen, top_k=args.topk, temperature=args.temperature)
print(tokens)
