//! The text slots a writer fills ("fill from product / idea"): each text
//! layer's role, and how many characters fit it at its smallest size, so
//! the words asked for fit the slot without shrinking to nothing.

use crate::template::{Layer, Template, TextRole};

/// One text slot to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopySlot {
    pub id: String,
    pub role: TextRole,
    /// Han characters (a full-width em each) that fit at the smallest size.
    pub han_chars: usize,
}

/// A Latin letter is about half an em wide in Noto Sans.
const LATIN_PER_HAN: usize = 2;

impl CopySlot {
    /// Characters that fit, in the writing's script.
    pub fn max_chars(&self, chinese: bool) -> usize {
        if chinese {
            self.han_chars
        } else {
            self.han_chars * LATIN_PER_HAN
        }
    }
}

/// The most a role is given, whatever the slot would hold: a title is read
/// at a glance, a button is a few words.
fn role_cap(role: TextRole) -> usize {
    match role {
        TextRole::Title => 14,
        TextRole::Subtitle => 24,
        TextRole::Price => 12,
        TextRole::SellingPoints => 40,
        TextRole::CallToAction => 8,
        TextRole::Free => 30,
    }
}

impl Template {
    /// Every text layer, in drawing order, with what it holds.
    pub fn copy_slots(&self) -> Vec<CopySlot> {
        self.layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Text(t) => {
                    let size = t.size.min.max(1.0);
                    let advance = size * (1.0 + t.letter_spacing.max(-0.2));
                    let line = size * t.line_height.max(0.5);
                    // Vertical text runs its characters down a column.
                    let (along, across) = if t.vertical { (t.r#box.h, t.r#box.w) } else { (t.r#box.w, t.r#box.h) };
                    let per_line = (along / advance).floor().max(1.0) as usize;
                    let lines = ((across / line).floor().max(1.0) as usize).min(t.max_lines.max(1) as usize);
                    Some(CopySlot {
                        id: t.id.clone(),
                        role: t.role,
                        han_chars: (per_line * lines).min(role_cap(t.role)).max(1),
                    })
                }
                Layer::Image(_) | Layer::Shape(_) | Layer::Qr(_) => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_template_has_slots_that_hold_a_few_words() {
        for t in crate::library().unwrap() {
            let slots = t.copy_slots();
            assert!(!slots.is_empty(), "{}", t.id);
            for s in &slots {
                assert!((1..=role_cap(s.role)).contains(&s.han_chars), "{} {}: {}", t.id, s.id, s.han_chars);
                assert_eq!(s.max_chars(false), s.han_chars * 2);
            }
            assert!(slots.iter().any(|s| s.role == TextRole::Title && s.han_chars >= 4), "{}: no title", t.id);
        }
    }
}
