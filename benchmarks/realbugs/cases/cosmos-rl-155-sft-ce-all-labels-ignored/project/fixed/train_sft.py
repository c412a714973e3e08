import torch

from cosmos_rl.dispatcher.data_packer import ChatDataPacker
from cosmos_rl.policy.model import TinyCausalLM
from cosmos_rl.policy.trainer.sft_trainer import SFTTrainer

torch.manual_seed(0)
data_packer = ChatDataPacker(vocab_size=200)
model = TinyCausalLM(vocab_size=200)
trainer = SFTTrainer(model, data_packer, model_max_length=48)

# a micro-batch whose system+user prompt alone is longer than model_max_length:
# every response token is truncated away, so every label is ignore_index
batch = [{
    "prompt": "<system>You are a helpful assistant for robot manipulation.</system><user>Describe the scene.</user>",
    "response": "A robot arm picks up the red cube and places it in the bin.",
}]
loss = trainer.train_step(batch)
