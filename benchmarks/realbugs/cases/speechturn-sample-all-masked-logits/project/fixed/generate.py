import torch

from model import SpeechLanguageModel
from vocab import restrict_to

torch.manual_seed(0)
model = SpeechLanguageModel(n_mels=8, model_dim=8, vocab=12)
restrict_to(model, [0, 1, 3])
features = torch.randn(1, 5, 8)
prompt = torch.tensor([[1, 7]])
out = model.generate(features, prompt, max_new_tokens=3, temperature=0.8)
print(out.tolist())
