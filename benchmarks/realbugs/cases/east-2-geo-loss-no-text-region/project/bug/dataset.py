import torch


class custom_dataset:
    def __init__(self, images, text_regions):
        self.images = images
        self.text_regions = text_regions

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        img = self.images[index]
        score_map = torch.zeros(1, 8, 8)
        geo_map = torch.zeros(5, 8, 8)
        ignored_map = torch.zeros(1, 8, 8)
        for (y0, y1, x0, x1) in self.text_regions[index]:
            score_map[:, y0:y1, x0:x1] = 1.0
            geo_map[:4, y0:y1, x0:x1] = 2.0
        return img, score_map, geo_map, ignored_map
