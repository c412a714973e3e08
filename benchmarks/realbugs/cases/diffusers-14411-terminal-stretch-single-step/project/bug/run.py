import torch
from scheduler import FlowMatchEulerDiscreteScheduler
from pipeline import LTXPipeline, TinyTransformer

torch.manual_seed(0)
pipe = LTXPipeline(TinyTransformer(), FlowMatchEulerDiscreteScheduler())
latents = pipe(torch.randn(1, 4, 8, 8), num_inference_steps=1)
print(latents.isnan().any())
