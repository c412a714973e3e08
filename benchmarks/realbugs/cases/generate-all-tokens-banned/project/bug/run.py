import torch

from generation import sample
from logits_process import LogitsProcessorList, MinLengthLogitsProcessor, NoBadWordsLogitsProcessor
from model import TinyLM

torch.manual_seed(0)
vocab_size, eos_token_id = 6, 5
model = TinyLM(vocab_size)
generation_config = {"min_length": 6, "max_length": 8, "bad_words_ids": [0, 1, 2, 3, 4]}

processors = LogitsProcessorList(
    [
        MinLengthLogitsProcessor(generation_config["min_length"], eos_token_id),
        NoBadWordsLogitsProcessor(generation_config["bad_words_ids"]),
    ]
)
input_ids = torch.tensor([[4, 2]])
with torch.no_grad():
    output_ids = sample(model, input_ids, processors, generation_config["max_length"])
print(output_ids)
