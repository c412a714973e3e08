import torch

from encoder.model import SpeakerEncoder
from encoder.params_data import mel_n_channels, partials_n_frames
from encoder.params_model import learning_rate_init, speakers_per_batch, utterances_per_speaker


def sync(device):
    pass


torch.manual_seed(0)
device = loss_device = torch.device("cpu")
model = SpeakerEncoder(device, loss_device)
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate_init)
with torch.no_grad():  # resuming a checkpoint whose last layer drifted negative: many ReLU units are dead
    model.linear.weight.mul_(10.0)
    model.linear.bias.fill_(-1.5)

# a speaker batch (speakers_per_batch x utterances_per_speaker partial utterances)
frames = torch.rand(speakers_per_batch * utterances_per_speaker, partials_n_frames, mel_n_channels)
frames = frames[[0, 1, 3, 4, 2, 5, 6, 7, 8, 9, 10, 11]]

embeds = model(frames)
embeds_loss = embeds.view((speakers_per_batch, utterances_per_speaker, -1)).to(loss_device)
loss = model.loss(embeds_loss)
model.zero_grad()
loss.backward()
model.do_gradient_ops()
optimizer.step()
