import torch
from vllm_lite.model_runner import TinyCausalLM, ModelRunner

torch.manual_seed(0)
runner = ModelRunner(TinyCausalLM(), dtype=torch.float16)
requests = [{"prompt_ids": [1, 2, 3], "temperature": 0.0}, {"prompt_ids": [4, 5, 6], "temperature": 0.7}]
input_ids = torch.tensor([r["prompt_ids"] for r in requests])
temperatures = torch.tensor([r["temperature"] for r in requests])
probs, logprobs = runner.execute_model(input_ids, temperatures)
print(probs.isnan().any(), logprobs[1, :3])
