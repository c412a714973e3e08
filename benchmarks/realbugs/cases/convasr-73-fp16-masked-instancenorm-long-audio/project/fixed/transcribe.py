import torch

from models import JasperNet

torch.manual_seed(0)
model = JasperNet(num_input_features = 64, num_classes = 30)
model.eval()
model.half()

# two utterances of a long call recording: 60 s and 45 s at 100 frames per second, log-mel features
num_frames = 6000
log_mel = (-12.0 + 2.0 * torch.randn(2, 64, num_frames)).half()
xlen = torch.tensor([1.0, 0.75])

with torch.no_grad():
	log_probs = model(log_mel, xlen)
