def linear_temperature(step, total_steps, tau_start=1.0):
    """Anneal the Gumbel-softmax temperature linearly over training."""
    return tau_start * (1.0 - step / total_steps)
