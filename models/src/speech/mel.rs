//! Log-mel spectrogram input of Whisper: the Slaney mel filter bank
//! (librosa's `filters.mel(sr=16000, n_fft=400, n_mels=80)`, the bank
//! OpenAI ships as `mel_filters.npz`), computed here instead of shipped as a
//! file, and candle's log-mel (Hann window, 400-point FFT, hop 160, log10,
//! clamped to max − 8, scaled `(x + 4) / 4`).

use candle_transformers::models::whisper::{self as m, audio};

/// Slaney-style Hz → mel (linear below 1 kHz, logarithmic above).
fn hz_to_mel(f: f64) -> f64 {
    let f_sp = 200.0 / 3.0;
    let min_log_hz = 1000.0;
    let min_log_mel = min_log_hz / f_sp;
    let logstep = 6.4f64.ln() / 27.0;
    if f >= min_log_hz {
        min_log_mel + (f / min_log_hz).ln() / logstep
    } else {
        f / f_sp
    }
}

fn mel_to_hz(mel: f64) -> f64 {
    let f_sp = 200.0 / 3.0;
    let min_log_hz = 1000.0;
    let min_log_mel = min_log_hz / f_sp;
    let logstep = 6.4f64.ln() / 27.0;
    if mel >= min_log_mel {
        min_log_hz * (logstep * (mel - min_log_mel)).exp()
    } else {
        f_sp * mel
    }
}

/// The `n_mels × (n_fft / 2 + 1)` filter bank, row-major, Slaney-normalised
/// (each triangle scaled by 2 / its width in Hz), from 0 Hz to `sample_rate / 2`.
pub(crate) fn mel_filters(n_mels: usize, n_fft: usize, sample_rate: f64) -> Vec<f32> {
    let n_bins = n_fft / 2 + 1;
    let fft_freqs: Vec<f64> = (0..n_bins).map(|i| i as f64 * sample_rate / n_fft as f64).collect();
    let (lo, hi) = (hz_to_mel(0.0), hz_to_mel(sample_rate / 2.0));
    let mel_f: Vec<f64> = (0..n_mels + 2).map(|i| mel_to_hz(lo + (hi - lo) * i as f64 / (n_mels + 1) as f64)).collect();
    let mut out = vec![0f32; n_mels * n_bins];
    for i in 0..n_mels {
        let (left, center, right) = (mel_f[i], mel_f[i + 1], mel_f[i + 2]);
        let enorm = 2.0 / (right - left);
        for (k, &f) in fft_freqs.iter().enumerate() {
            let lower = (f - left) / (center - left);
            let upper = (right - f) / (right - center);
            out[i * n_bins + k] = (lower.min(upper).max(0.0) * enorm) as f32;
        }
    }
    out
}

/// Log-mel frames of the whole clip, `n_mels × n_frames` row-major;
/// `n_frames` covers the clip rounded up to 15 s plus 15 s of padding (so
/// every 30 s window that starts inside the clip is complete).
pub(crate) fn log_mel(cfg: &m::Config, samples: &[f32], filters: &[f32]) -> (Vec<f32>, usize) {
    let mel = audio::pcm_to_mel(cfg, samples, filters);
    let frames = mel.len() / cfg.num_mel_bins;
    (mel, frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slaney_bank_matches_librosa() {
        let f = mel_filters(80, 400, 16_000.0);
        assert_eq!(f.len(), 80 * 201);
        // librosa.filters.mel(sr=16000, n_fft=400, n_mels=80)[0, 1]
        assert!((f[1] - 0.024_862).abs() < 1e-4, "{}", f[1]);
        assert_eq!(f[0], 0.0);
        // Every row is a non-empty triangle whose peak moves up with the row.
        let mut last_peak = 0;
        for row in f.chunks(201) {
            assert!(row.iter().all(|v| *v >= 0.0));
            let peak = row.iter().enumerate().fold((0, 0f32), |a, (k, &v)| if v > a.1 { (k, v) } else { a }).0;
            assert!(peak >= last_peak, "{peak} < {last_peak}");
            last_peak = peak;
        }
        assert_eq!(last_peak, 192); // the last centre, ~7.7 kHz
                                    // The Hz ↔ mel maps invert each other on both sides of 1 kHz.
        for hz in [0.0, 440.0, 1000.0, 3000.0, 8000.0] {
            assert!((mel_to_hz(hz_to_mel(hz)) - hz).abs() < 1e-6);
        }
    }
}
