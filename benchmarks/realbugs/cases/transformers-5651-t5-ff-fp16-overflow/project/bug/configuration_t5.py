class T5Config:
    def __init__(self, d_model=16, d_ff=64, num_layers=2, layer_norm_epsilon=1e-6):
        self.d_model = d_model
        self.d_ff = d_ff
        self.num_layers = num_layers
        self.layer_norm_epsilon = layer_norm_epsilon
