IGNORE_INDEX = -100


def supervised_tokenize(data_point, max_length=16):
    """Prompt tokens get the IGNORE_INDEX label; only the target tokens are supervised."""
    prompt_ids, target_ids = data_point["prompt_ids"], data_point["target_ids"]
    sequence_input_ids = prompt_ids + target_ids
    sequence_labels = [IGNORE_INDEX] * len(prompt_ids) + target_ids

    # sequence truncation.
    if len(sequence_input_ids) > max_length:
        sequence_input_ids = sequence_input_ids[:max_length]
        sequence_labels = sequence_labels[:max_length]

    return dict(input_ids=sequence_input_ids, labels=sequence_labels)


def build_dataset(raw, max_length=16):
    out = []
    for data_point in raw:
        sample = supervised_tokenize(data_point, max_length)
        if all(label == IGNORE_INDEX for label in sample["labels"]):
            continue  # truncation removed every supervised token
        out.append(sample)
    return out
