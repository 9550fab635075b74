//! Captcha images, drawn with the `captcha` crate: four characters without
//! look-alikes, a wave and some noise, in the brand colour.

use captcha::filters::{Noise, Wave};
use captcha::Captcha;

/// Characters that cannot be confused with one another.
fn alphabet(supported: Vec<char>) -> Vec<char> {
    supported.into_iter().filter(|c| c.is_ascii_alphanumeric() && !"0Oo1lIiQ9gqZz2S5".contains(*c)).collect()
}

/// A new captcha: its answer and its PNG image.
pub fn draw() -> Option<(String, Vec<u8>)> {
    let mut c = Captcha::new();
    let chars = alphabet(c.supported_chars());
    c.set_chars(&chars)
        .add_chars(4)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 8.0).horizontal())
        .view(160, 60)
        .set_color([35, 82, 216]);
    c.as_tuple()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_png_with_a_four_character_answer() {
        let (answer, png) = draw().unwrap();
        assert_eq!(answer.chars().count(), 4, "{answer}");
        assert!(png.starts_with(b"\x89PNG"));
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!((img.width(), img.height()), (160, 60));
    }
}
