import torch

torch.manual_seed(0)
model_outputs = torch.relu(torch.randn(4, 6))
model_outputs.requires_grad_(True)
target_outputs = torch.relu(torch.randn(4, 6))
target_outputs[model_outputs == 0] = 0.0

numerator = torch.abs(model_outputs - target_outputs)
denominator = torch.abs(model_outputs) + torch.abs(target_outputs)
elementwise_smape = torch.div(numerator, denominator)
nan_mask = torch.isnan(elementwise_smape)
loss = elementwise_smape[~nan_mask].mean()
loss.backward()
