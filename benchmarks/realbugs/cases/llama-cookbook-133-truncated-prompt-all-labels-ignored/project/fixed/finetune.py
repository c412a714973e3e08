"""Fine-tune on the alpaca-style data, then evaluate; max_words as in the recipe config."""
import torch
from torch.utils.data import DataLoader

from ft_datasets.alpaca_dataset import InstructionDataset
from model import CharTokenizer, TinyCausalLM
from utils.train_utils import evaluation, train

MAX_WORDS = 224

torch.manual_seed(0)
tokenizer = CharTokenizer()
train_ann = [{"instruction": "Name a colour.", "output": "Blue."},
             {"instruction": "Give the capital of France.", "output": "Paris."}]
eval_ann = [{"instruction": "Name a fruit.", "output": "Apple."},
            {"instruction": "Summarise this quarterly report in one sentence: " + "revenue and costs went up " * 8,
             "output": "Revenue grew faster than costs."}]
train_loader = DataLoader(InstructionDataset(train_ann, tokenizer, MAX_WORDS), batch_size=1)
eval_loader = DataLoader(InstructionDataset(eval_ann, tokenizer, MAX_WORDS), batch_size=1)

model = TinyCausalLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
train_loss = train(model, train_loader, optimizer)
eval_ppl, eval_epoch_loss = evaluation(model, eval_loader)
