import torch
from torch.utils.data import Dataset


class EventData(Dataset):
    """Event count / event time images between consecutive frames, stacked with the blurry image."""

    def __init__(self, event_count_images, event_time_images, blurry_images, sharp_images, n_frames=2):
        self.event_count_images = event_count_images  # [N, T, H, W, 2]
        self.event_time_images = event_time_images    # [N, T, H, W, 2]
        self.blurry_images = blurry_images            # [N, 1, H, W]
        self.sharp_images = sharp_images              # [N, 1, H, W]
        self.n_frames = n_frames

    def __len__(self):
        return len(self.blurry_images)

    def __getitem__(self, idx):
        event_count_image01, event_time_image01 = self._read_events(
            self.event_count_images[idx], self.event_time_images[idx], self.n_frames)
        event_image01 = torch.cat((event_count_image01, event_time_image01), 0)
        return event_image01, self.blurry_images[idx], self.sharp_images[idx]

    def _read_events(self,
                     event_count_images,
                     event_time_images,
                     n_frames):
        event_count_image = event_count_images[:n_frames, :, :, :]
        event_count_image = torch.sum(event_count_image, dim=0).type(torch.float32)
        event_count_image = event_count_image.permute(2, 0, 1)

        event_time_image = event_time_images[:n_frames, :, :, :]
        event_time_image = torch.max(event_time_image, dim=0)[0]

        max_time = torch.max(event_time_image)
        if max_time > 0:
            event_time_image /= max_time
        event_time_image = event_time_image.permute(2, 0, 1)

        return event_count_image, event_time_image
