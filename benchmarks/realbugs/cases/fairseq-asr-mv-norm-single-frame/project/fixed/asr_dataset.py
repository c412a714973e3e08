import torch

import data_utils


class AsrDataset(torch.utils.data.Dataset):
    def __init__(self, fbanks, tgt, tgt_dict_size):
        self.fbanks = fbanks
        self.tgt = tgt
        self.tgt_dict_size = tgt_dict_size

    def __len__(self):
        return len(self.fbanks)

    def __getitem__(self, index):
        output = self.fbanks[index]
        output_cmvn = data_utils.apply_mv_norm(output)
        return {"id": index, "data": [output_cmvn.detach(), self.tgt[index]]}

    def collater(self, samples):
        frames = [s["data"][0] for s in samples]
        targets = [s["data"][1] for s in samples]
        return {
            "src_tokens": data_utils.collate_frames(frames),
            "src_lengths": torch.tensor([f.size(0) for f in frames]),
            "target": torch.nn.utils.rnn.pad_sequence(targets, batch_first=True),
            "target_lengths": torch.tensor([len(t) for t in targets]),
        }
