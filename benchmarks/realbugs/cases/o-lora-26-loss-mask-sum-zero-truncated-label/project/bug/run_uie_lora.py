import torch

from src.model.llama import TinyLMConfig, TinyLMForCausalLM_with_lossmask
from src.uie_collator import CharTokenizer, DataCollatorForUIE

torch.manual_seed(0)
tokenizer = CharTokenizer()
collator = DataCollatorForUIE(tokenizer, max_source_length=64)
model = TinyLMForCausalLM_with_lossmask(TinyLMConfig())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

# a long input sentence: instruction + sentence already fill max_source_length, so the label is cut off
instance = {'Instance': {
    'instruction': "Please list all entity words in the text that fit the category. Output format is \"type1: word1; type2: word2\". \nText: ",
    'sentence': "The European Commission said on Thursday it disagreed with German advice to consumers to shun British lamb.",
    'label': "organization: European Commission; location: German; location: British",
}}
inputs = collator([instance])
model.train()
optimizer.zero_grad()
loss, logits = model(**inputs)
loss.backward()
optimizer.step()
