import numpy as np

# constants of pystoi.stoi
FS = 10000          # Sampling frequency
N_FRAME = 256       # Window support
NUMBAND = 15        # Number of 13 octave band
MINFREQ = 150       # Center frequency of 1st octave band (Hz)
N = 30              # N. frames for intermediate intelligibility
BETA = -15.         # Lower SDR bound
DYN_RANGE = 40      # Speech dynamic range


def thirdoct(fs, nfft, num_bands, min_freq):
    """ Returns the 1/3 octave band matrix and its center frequencies """
    f = np.linspace(0, fs, nfft + 1)
    f = f[:int(nfft / 2) + 1]
    k = np.array(range(num_bands)).astype(float)
    cf = np.power(2. ** (1. / 3), k) * min_freq
    freq_low = min_freq * np.power(2., (2 * k - 1) / 6)
    freq_high = min_freq * np.power(2., (2 * k + 1) / 6)
    obm = np.zeros((num_bands, len(f)))
    for i in range(len(cf)):
        f_bin = np.argmin(np.square(f - freq_low[i]))
        freq_low[i] = f[f_bin]
        fl_ii = f_bin
        f_bin = np.argmin(np.square(f - freq_high[i]))
        freq_high[i] = f[f_bin]
        fh_ii = f_bin
        obm[i, fl_ii:fh_ii] = 1
    return obm, cf
