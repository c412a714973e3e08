from litgpt.args import TrainArgs
from litgpt.finetune.lora import setup

model, losses = setup(TrainArgs(lr_warmup_steps=6, max_steps=6))
