import torch


def make_micro_batch(input_ids, inference_logprobs, advantages, loss_mask):
    return {
        "input_ids": input_ids,
        "inference_logprobs": inference_logprobs,
        "advantages": advantages,
        "loss_mask": loss_mask,
    }


def fake_micro_batch(seq_len):
    """Dummy micro-batch used to pad ranks that received fewer samples."""
    return make_micro_batch(
        torch.zeros(1, seq_len, dtype=torch.long),
        torch.zeros(1, seq_len),
        torch.zeros(1, seq_len),
        torch.zeros(1, seq_len, dtype=torch.bool),
    )


def shard_rollouts(rollouts, world_size, rank, micro_batches_per_rank, seq_len):
    """Round-robin rollouts over ranks; pad every rank to the same number of micro-batches."""
    mine = rollouts[rank::world_size]
    while len(mine) < micro_batches_per_rank:
        mine.append(fake_micro_batch(seq_len))
    return mine
