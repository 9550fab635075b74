//! Reading order and the text a person would read.
//!
//! Each line's quad starts at the top-left of its text as read (for a page
//! turned by 90° that is a corner other than the image's top-left), so the
//! page's reading direction is the lines' dominant baseline direction,
//! snapped to a quarter turn. In that frame lines are grouped into rows
//! (centres closer than half a line height), rows run top to bottom and a
//! row's lines left to right.

use super::OcrLine;

/// A line's extent in the page's reading frame.
#[derive(Debug, Clone, Copy)]
struct Placed {
    left: f32,
    right: f32,
    center: f32,
    height: f32,
}

impl Placed {
    fn top(&self) -> f32 {
        self.center - self.height / 2.0
    }
    fn bottom(&self) -> f32 {
        self.center + self.height / 2.0
    }
}

/// The page's reading direction: a unit vector along the text, one of the
/// four axis directions, by the lines' length-weighted vote.
fn reading_axis(lines: &[OcrLine]) -> [f32; 2] {
    let mut votes = [0f32; 4];
    for l in lines {
        let [dx, dy] = [l.quad[1][0] - l.quad[0][0], l.quad[1][1] - l.quad[0][1]];
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            let quarter = (dy.atan2(dx) / std::f32::consts::FRAC_PI_2).round() as i32;
            votes[quarter.rem_euclid(4) as usize] += len;
        }
    }
    let best = (0..4).fold(0, |b, i| if votes[i] > votes[b] { i } else { b });
    [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]][best]
}

fn place(line: &OcrLine, u: [f32; 2]) -> Placed {
    let v = [-u[1], u[0]];
    let along = |p: [f32; 2]| p[0] * u[0] + p[1] * u[1];
    let across = |p: [f32; 2]| p[0] * v[0] + p[1] * v[1];
    let q = &line.quad;
    let left = q.iter().map(|&p| along(p)).fold(f32::MAX, f32::min);
    let right = q.iter().map(|&p| along(p)).fold(f32::MIN, f32::max);
    let center = q.iter().map(|&p| across(p)).sum::<f32>() / 4.0;
    let d = |a: [f32; 2], b: [f32; 2]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
    let height = (d(q[0], q[3]) + d(q[1], q[2])) / 2.0;
    Placed { left, right, center, height }
}

/// Rows of line indices in reading order, and each line's placement.
fn rows(lines: &[OcrLine]) -> (Vec<Vec<usize>>, Vec<Placed>) {
    let u = reading_axis(lines);
    let placed: Vec<Placed> = lines.iter().map(|l| place(l, u)).collect();
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by(|&a, &b| placed[a].center.total_cmp(&placed[b].center));
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for i in order {
        let same_row = rows.last().and_then(|r| r.first()).is_some_and(|&first| {
            let (a, b) = (placed[first], placed[i]);
            (b.center - a.center).abs() < 0.5 * a.height.min(b.height)
        });
        match rows.last_mut() {
            Some(row) if same_row => row.push(i),
            _ => rows.push(vec![i]),
        }
    }
    for row in &mut rows {
        row.sort_by(|&a, &b| placed[a].left.total_cmp(&placed[b].left));
    }
    (rows, placed)
}

/// `lines` in reading order: rows top to bottom, each row left to right.
pub(crate) fn reading_order(lines: Vec<OcrLine>) -> Vec<OcrLine> {
    let (rows, _) = rows(&lines);
    let mut slots: Vec<Option<OcrLine>> = lines.into_iter().map(Some).collect();
    rows.into_iter().flatten().filter_map(|i| slots[i].take()).collect()
}

/// Chinese, Japanese and Korean characters and their punctuation and
/// full-width forms: written without spaces between them.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FDF | 0x3000..=0x303F | 0x3040..=0x30FF | 0x3100..=0x312F | 0x31A0..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFFEF | 0x20000..=0x3134F)
}

/// Appends `next` to `text` with the separator the two sides need: nothing
/// between CJK characters (or where either side already has a space), one
/// space otherwise.
fn join_into(text: &mut String, next: &str) {
    let next = next.trim();
    if next.is_empty() {
        return;
    }
    if let (Some(a), Some(b)) = (text.chars().next_back(), next.chars().next()) {
        if !(a.is_whitespace() || (is_cjk(a) && is_cjk(b))) {
            text.push(' ');
        }
    }
    text.push_str(next);
}

/// A gap between rows of more than this many line heights starts a
/// paragraph.
const PARAGRAPH_GAP: f32 = 0.8;

/// A row's text and its extent.
struct Row {
    text: String,
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    height: f32,
}

/// See [`super::lines_to_text`].
pub(crate) fn lines_to_text(lines: &[OcrLine]) -> String {
    let (rows, placed) = rows(lines);
    let rows: Vec<Row> = rows
        .iter()
        .map(|row| {
            let mut text = String::new();
            for &i in row {
                join_into(&mut text, &lines[i].text);
            }
            let placed = &placed;
            let p = |f: fn(&Placed) -> f32| row.iter().map(move |&i| f(&placed[i]));
            Row {
                text,
                left: p(|p| p.left).fold(f32::MAX, f32::min),
                right: p(|p| p.right).fold(f32::MIN, f32::max),
                top: p(Placed::top).fold(f32::MAX, f32::min),
                bottom: p(Placed::bottom).fold(f32::MIN, f32::max),
                height: p(|p| p.height).fold(0.0, f32::max),
            }
        })
        .filter(|r| !r.text.is_empty())
        .collect();
    // The page's usual gap between rows: a gap well above it also starts a
    // paragraph (tightly set text with paragraphs a little further apart).
    let mut gaps: Vec<f32> = rows.windows(2).map(|w| (w[1].top - w[0].bottom).max(0.0)).collect();
    gaps.sort_by(f32::total_cmp);
    let usual_gap = (gaps.len() >= 3).then(|| gaps[gaps.len() / 2]);
    let mut out = String::new();
    for (k, row) in rows.iter().enumerate() {
        if k > 0 {
            let prev = &rows[k - 1];
            let (small, large) = (prev.height.min(row.height), prev.height.max(row.height));
            let gap = row.top - prev.bottom;
            let new_paragraph = gap > PARAGRAPH_GAP * small
                || usual_gap.is_some_and(|usual| gap > 0.4 * small && gap > 2.0 * usual)
                || large > 1.6 * small
                || row.left > prev.right
                || prev.left > row.right;
            if new_paragraph {
                out.push('\n');
                out.push_str(&row.text);
                continue;
            }
        }
        join_into(&mut out, &row.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A horizontal line of text: left x, top y, width, height.
    fn line(text: &str, x: f32, y: f32, w: f32, h: f32) -> OcrLine {
        OcrLine { text: text.into(), score: 0.99, quad: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] }
    }

    /// The same line on a page turned 90° clockwise (`height` the page's
    /// original height): (x, y) -> (height - y, x), quad from the text's start.
    fn turned(l: &OcrLine, page_h: f32) -> OcrLine {
        OcrLine { quad: l.quad.map(|[x, y]| [page_h - y, x]), ..l.clone() }
    }

    fn texts(lines: &[OcrLine]) -> Vec<&str> {
        lines.iter().map(|l| l.text.as_str()).collect()
    }

    #[test]
    fn rows_top_to_bottom_then_left_to_right() {
        let lines = vec![
            line("第二件半价", 300.0, 203.0, 250.0, 40.0),
            line("UV protection 50+", 50.0, 400.0, 400.0, 40.0),
            line("夏日清凉", 50.0, 50.0, 300.0, 60.0),
            line("限时特惠", 50.0, 200.0, 200.0, 40.0),
        ];
        let ordered = reading_order(lines);
        assert_eq!(texts(&ordered), ["夏日清凉", "限时特惠", "第二件半价", "UV protection 50+"]);
    }

    #[test]
    fn a_page_turned_by_90_degrees_reads_in_its_own_order() {
        let page = vec![
            line("first line", 50.0, 50.0, 400.0, 40.0),
            line("second line", 50.0, 100.0, 300.0, 40.0),
            line("third", 50.0, 200.0, 200.0, 40.0),
        ];
        let turned: Vec<OcrLine> = page.iter().rev().map(|l| turned(l, 600.0)).collect();
        assert_eq!(texts(&reading_order(turned.clone())), ["first line", "second line", "third"]);
        assert_eq!(lines_to_text(&turned), lines_to_text(&page));
        assert_eq!(lines_to_text(&page), "first line second line\nthird");
    }

    #[test]
    fn joining_cjk_latin_and_paragraphs() {
        let lines = vec![
            line("夏日清凉", 50.0, 50.0, 300.0, 60.0),
            line("冰丝防晒衣", 50.0, 115.0, 360.0, 60.0),
            // a clear gap: new paragraph
            line("限时特惠", 50.0, 260.0, 200.0, 60.0),
            line("第二件半价", 300.0, 262.0, 250.0, 60.0),
            line("UV protection", 50.0, 330.0, 300.0, 60.0),
            line("50+", 50.0, 395.0, 80.0, 60.0),
        ];
        assert_eq!(lines_to_text(&lines), "夏日清凉冰丝防晒衣\n限时特惠第二件半价 UV protection 50+");
    }

    #[test]
    fn a_gap_well_above_the_usual_one_starts_a_paragraph() {
        // Rows 40 high, 4 apart; then 24 (0.6 of a line, under the fixed
        // 0.8, but six times the usual gap).
        let tops = [0.0, 44.0, 88.0, 152.0, 196.0];
        let lines: Vec<OcrLine> =
            tops.iter().enumerate().map(|(i, &y)| line(&format!("l{i}"), 0.0, y, 300.0, 40.0)).collect();
        assert_eq!(lines_to_text(&lines), "l0 l1 l2\nl3 l4");
        // Two rows only: no usual gap, the fixed rule decides.
        assert_eq!(lines_to_text(&lines[2..4]), "l2 l3");
    }

    #[test]
    fn a_much_smaller_line_or_another_column_starts_a_paragraph() {
        let lines = vec![
            line("BIG TITLE", 50.0, 50.0, 500.0, 100.0),
            line("small print", 50.0, 155.0, 200.0, 30.0),
            line("side note", 600.0, 190.0, 200.0, 30.0),
        ];
        assert_eq!(lines_to_text(&lines), "BIG TITLE\nsmall print\nside note");
    }

    #[test]
    fn empty_input_and_empty_lines() {
        assert_eq!(lines_to_text(&[]), "");
        assert_eq!(lines_to_text(&[line("  ", 0.0, 0.0, 10.0, 10.0)]), "");
        assert!(reading_order(Vec::new()).is_empty());
    }

    #[test]
    fn cjk_ranges() {
        assert!(is_cjk('夏') && is_cjk('，') && is_cjk('Ａ') && is_cjk('の'));
        assert!(!is_cjk('a') && !is_cjk('5') && !is_cjk(' ') && !is_cjk('+'));
    }
}
