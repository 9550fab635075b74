//! Character-level helpers: CJK detection, sentence splitting, cutting at a
//! natural boundary. Lengths are counted in characters, as the platforms do.

/// Han ideographs and CJK punctuation/fullwidth forms.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

pub fn char_count(s: &str) -> usize {
    s.chars().count()
}

/// Characters that end a sentence (Chinese and Western).
pub fn ends_sentence(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '!' | '?' | '；' | ';' | '…' | '.' | '～' | '~')
}

/// Characters a title or a cut may end after without looking broken.
fn is_break(c: char) -> bool {
    ends_sentence(c) || matches!(c, '，' | ',' | '、' | '：' | ':' | ' ' | '）' | ')' | '」' | '”')
}

/// Splits text into sentences, keeping each one's closing punctuation.
pub fn sentences(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut iter = s.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if ends_sentence(c) {
            // Keep runs such as "！！" or "……" with their sentence.
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = iter.peek() {
                if ends_sentence(d) || matches!(d, '”' | '」' | '）' | ')') {
                    end = j + d.len_utf8();
                    iter.next();
                } else {
                    break;
                }
            }
            let piece = s[start..end].trim();
            if !piece.is_empty() {
                out.push(piece);
            }
            start = end;
        }
    }
    let rest = s[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// The longest prefix of `s` of at most `max` characters that ends at a
/// natural break (punctuation or a space) when there is one past its first
/// third; otherwise the first `max` characters. Trailing commas are dropped.
pub fn cut_at_break(s: &str, max: usize) -> String {
    if char_count(s) <= max {
        return s.to_owned();
    }
    let prefix: Vec<char> = s.chars().take(max).collect();
    let cut = prefix.iter().rposition(|&c| is_break(c)).filter(|&i| i + 1 >= max / 3).map_or(max, |i| i + 1);
    let text: String = prefix[..cut].iter().collect();
    text.trim_end_matches([' ', '，', ',', '、', '：', ':']).to_owned()
}

/// The longest prefix of whole sentences within `max` characters; when even
/// the first sentence is longer, that sentence cut at a break.
pub fn cut_at_sentence(s: &str, max: usize) -> String {
    if char_count(s) <= max {
        return s.to_owned();
    }
    let mut out = String::new();
    for sentence in sentences(s) {
        if char_count(&out) + char_count(sentence) > max {
            break;
        }
        out.push_str(sentence);
    }
    if out.is_empty() {
        cut_at_break(s, max)
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_sentences_and_keeps_their_punctuation() {
        assert_eq!(sentences("好用！真的好用！！还便宜。最后"), vec!["好用！", "真的好用！！", "还便宜。", "最后"]);
        assert_eq!(sentences("Great. Cheap!"), vec!["Great.", "Cheap!"]);
    }

    #[test]
    fn cuts_at_a_natural_break() {
        assert_eq!(cut_at_break("夏日必备，清爽防晒霜真的太好用了吧姐妹们", 10), "夏日必备");
        assert_eq!(cut_at_break("一二三四五六七八九十十一", 5), "一二三四五");
        assert_eq!(cut_at_sentence("第一句。第二句很长很长。第三句。", 9), "第一句。");
        assert_eq!(char_count(&cut_at_sentence(&"长".repeat(50), 20)), 20);
    }

    #[test]
    fn recognises_han_characters() {
        assert!(is_cjk('爆'));
        assert!(!is_cjk('a'));
        assert!(!is_cjk('，'));
    }
}
