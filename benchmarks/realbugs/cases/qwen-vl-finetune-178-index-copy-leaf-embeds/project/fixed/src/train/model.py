import torch.nn as nn


class TinyQwenVL(nn.Module):
    def __init__(self, vocab=50, dim=16, vision_dim=32, image_token_id=7):
        super().__init__()
        self.config = {'image_token_id': image_token_id}
        self.embed_tokens = nn.Embedding(vocab, dim)
        self.visual = nn.Sequential(nn.Linear(vision_dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.decoder = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def enable_input_require_grads(self):
        def make_inputs_require_grads(module, input, output):
            output.requires_grad_(True)
        self._require_grads_hook = self.embed_tokens.register_forward_hook(make_inputs_require_grads)
