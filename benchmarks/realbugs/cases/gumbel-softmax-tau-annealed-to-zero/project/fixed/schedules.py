def linear_temperature(step, total_steps, tau_start=1.0, tau_min=0.1):
    """Anneal the Gumbel-softmax temperature linearly over training."""
    return max(tau_start * (1.0 - step / total_steps), tau_min)
