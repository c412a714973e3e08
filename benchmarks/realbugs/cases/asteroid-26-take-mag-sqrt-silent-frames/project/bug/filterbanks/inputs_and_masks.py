import torch


def take_mag(x, dim=1):
    """ Takes the magnitude of a complex tensor.

    The operands is assumed to have the real parts of each entry followed by
    the imaginary parts of each entry along dimension `dim`.

    Args:
        x (:class:`torch.Tensor`): Complex valued tensor.
        dim (int): Dimension along which the Re and Im are concatenated.

    Returns:
        :class:`torch.Tensor`: The magnitude of x.
    """
    return torch.stack(torch.chunk(x, 2, dim=dim),
                       dim=-1).pow(2).sum(dim=-1).pow(0.5)


def apply_mag_mask(spec, mask, dim=1):
    """Applies a real-valued mask to a complex-valued representation."""
    return spec * torch.cat([mask, mask], dim=dim)
