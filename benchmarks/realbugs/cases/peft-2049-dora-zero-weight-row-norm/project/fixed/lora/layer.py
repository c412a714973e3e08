import math

from torch import nn

from .dora import DoraLinearLayer


class LoraConfig:
    def __init__(self, r=4, lora_alpha=8, use_dora=False, target_modules="all-linear"):
        self.r = r
        self.lora_alpha = lora_alpha
        self.use_dora = use_dora
        self.target_modules = target_modules


class Linear(nn.Module):
    """LoRA (optionally DoRA) wrapper of an nn.Linear."""

    def __init__(self, base_layer: nn.Linear, config: LoraConfig):
        super().__init__()
        self.base_layer = base_layer
        self.scaling = config.lora_alpha / config.r
        self.lora_A = nn.Linear(base_layer.in_features, config.r, bias=False)
        self.lora_B = nn.Linear(config.r, base_layer.out_features, bias=False)
        nn.init.kaiming_uniform_(self.lora_A.weight, a=math.sqrt(5))
        nn.init.zeros_(self.lora_B.weight)
        self.use_dora = config.use_dora
        if self.use_dora:
            self.lora_magnitude_vector = DoraLinearLayer(fan_in_fan_out=False)
            self.lora_magnitude_vector.update_layer(base_layer=base_layer, lora_A=self.lora_A, lora_B=self.lora_B,
                                                    scaling=self.scaling)
        base_layer.weight.requires_grad_(False)
        if base_layer.bias is not None:
            base_layer.bias.requires_grad_(False)

    def forward(self, x):
        result = self.base_layer(x)
        if not self.use_dora:
            return result + self.lora_B(self.lora_A(x)) * self.scaling
        return result + self.lora_magnitude_vector(x, lora_A=self.lora_A, lora_B=self.lora_B, scaling=self.scaling,
                                                   base_layer=self.base_layer, base_result=result)


def get_peft_model(model: nn.Module, config: LoraConfig) -> nn.Module:
    for name, child in list(model.named_children()):
        if isinstance(child, nn.Linear):
            setattr(model, name, Linear(child, config))
        else:
            get_peft_model(child, config)
    return model
