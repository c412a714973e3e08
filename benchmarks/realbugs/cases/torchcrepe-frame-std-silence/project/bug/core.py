import torch

from model import Crepe

SAMPLE_RATE = 16000
WINDOW_SIZE = 64
PITCH_BINS = 360
CENTS_PER_BIN = 20


def preprocess(audio, sample_rate, hop_length=None, batch_size=None, pad=True):
    hop_length = sample_rate // 100 if hop_length is None else hop_length
    if pad:
        total_frames = 1 + int(audio.size(1) // hop_length)
        audio = torch.nn.functional.pad(audio, (WINDOW_SIZE // 2, WINDOW_SIZE // 2))
    else:
        total_frames = 1 + int((audio.size(1) - WINDOW_SIZE) // hop_length)
    batch_size = total_frames if batch_size is None else batch_size
    for i in range(0, total_frames, batch_size):
        start = max(0, i * hop_length)
        end = min(audio.size(1), (i + batch_size - 1) * hop_length + WINDOW_SIZE)
        frames = torch.nn.functional.unfold(audio[:, None, None, start:end],
                                            kernel_size=(1, WINDOW_SIZE), stride=(1, hop_length))
        frames = frames.transpose(1, 2).reshape(-1, WINDOW_SIZE)
        frames -= frames.mean(dim=1, keepdim=True)
        frames /= frames.std(dim=1, keepdim=True)
        yield frames


def infer(frames, model):
    with torch.no_grad():
        return model(frames)


def bins_to_frequency(bins):
    cents = CENTS_PER_BIN * bins + 1997.3794084376191
    return 10 * 2 ** (cents / 1200)


def predict(audio, sample_rate, hop_length=None, model=None, batch_size=None):
    model = Crepe() if model is None else model
    model.eval()
    results = []
    for frames in preprocess(audio, sample_rate, hop_length, batch_size):
        probabilities = infer(frames, model)
        bins = probabilities.argmax(dim=1)
        results.append((bins_to_frequency(bins.float()), probabilities.max(dim=1).values))
    pitch = torch.cat([r[0] for r in results])
    periodicity = torch.cat([r[1] for r in results])
    return pitch, periodicity
