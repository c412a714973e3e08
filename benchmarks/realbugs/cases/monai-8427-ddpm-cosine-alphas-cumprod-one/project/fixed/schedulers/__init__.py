from schedulers.ddpm import DDPMScheduler

__all__ = ["DDPMScheduler"]
