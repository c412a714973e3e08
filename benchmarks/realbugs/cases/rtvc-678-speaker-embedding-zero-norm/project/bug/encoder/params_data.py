## Mel-filterbank
mel_n_channels = 20
partials_n_frames = 16
