## Model parameters
model_hidden_size = 32
model_embedding_size = 16
model_num_layers = 2

## Training parameters
learning_rate_init = 1e-4
speakers_per_batch = 4
utterances_per_speaker = 3
