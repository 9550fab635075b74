//! Chinese vertical text: characters upright, top to bottom, in columns from
//! right to left. Punctuation takes its vertical presentation form (︒ for 。,
//! ︵ for （ …), which the Noto CJK fonts draw in the right place, and the
//! column breaks follow the same rules as lines.

use cosmic_text::{Buffer, Metrics, Shaping, Wrap};

use super::fonts::FontState;
use super::kinsoku;
use super::text::{attrs, Candidate, PlacedGlyph, TextStyle};

/// Where a glyph's baseline sits in its em cell (the CJK ideographic em box
/// runs from 0.88 em above the baseline to 0.12 em below).
const BASELINE_IN_CELL: f32 = 0.88;

/// The vertical presentation form of a punctuation mark, if it has one.
pub fn vertical_form(c: char) -> char {
    match c {
        '，' | ',' => '︐',
        '、' => '︑',
        '。' => '︒',
        '：' | ':' => '︓',
        '；' | ';' => '︔',
        '！' | '!' => '︕',
        '？' | '?' => '︖',
        '（' | '(' => '︵',
        '）' | ')' => '︶',
        '「' => '﹁',
        '」' => '﹂',
        '『' => '﹃',
        '』' => '﹄',
        '《' => '︽',
        '》' => '︾',
        '【' => '︻',
        '】' => '︼',
        '〔' => '︹',
        '〕' => '︺',
        '…' => '︙',
        '—' => '︱',
        '～' | '~' => '≀',
        '-' | 'ー' => '丨',
        other => other,
    }
}

pub(crate) fn candidate(state: &mut FontState, style: &TextStyle, size: f32, text: &str) -> Option<Candidate> {
    let ah = (style.height - 2.0 * style.inset).floor();
    let advance = size * (1.0 + style.letter_spacing);
    // n characters take n·size + (n−1)·spacing.
    let per_column = ((ah + advance - size) / advance).floor();
    if per_column < 1.0 {
        return None;
    }
    let per_column = per_column as usize;
    let column_pitch = size * style.line_height;
    let mut columns: Vec<Vec<char>> = Vec::new();
    for paragraph in text.split('\n') {
        let chars: Vec<char> = paragraph.chars().filter(|c| !c.is_control()).map(vertical_form).collect();
        if chars.is_empty() {
            columns.push(Vec::new());
        } else {
            columns.extend(kinsoku::break_columns(&chars, per_column));
        }
    }
    let n = columns.len();
    let block_w = (n.saturating_sub(1)) as f32 * column_pitch + size;
    let longest = columns.iter().map(Vec::len).max().unwrap_or(0);
    let block_h = if longest == 0 { 0.0 } else { longest as f32 * advance - (advance - size) };
    let mut glyphs = Vec::new();
    let mut missing = 0;
    let mut attrs = attrs(style);
    attrs.letter_spacing_opt = None;
    for (ci, column) in columns.iter().enumerate() {
        if column.is_empty() {
            continue;
        }
        // The first column is the rightmost one.
        let left = block_w - size - ci as f32 * column_pitch;
        let col_h = column.len() as f32 * advance - (advance - size);
        let top = match style.valign {
            pixmart_poster_template::VerticalAlign::Top => 0.0,
            pixmart_poster_template::VerticalAlign::Middle => (block_h - col_h) / 2.0,
            pixmart_poster_template::VerticalAlign::Bottom => block_h - col_h,
        };
        let s: String = column.iter().collect();
        // Char index of each byte offset, to find a glyph's cell.
        let char_at: Vec<(usize, usize)> = s.char_indices().enumerate().map(|(ci, (bi, _))| (bi, ci)).collect();
        let mut buffer = Buffer::new(&mut state.system, Metrics::new(size, size));
        let mut b = buffer.borrow_with(&mut state.system);
        b.set_wrap(Wrap::None);
        b.set_size(None, None);
        b.set_text(&s, &attrs, Shaping::Advanced, None);
        b.shape_until_scroll(false);
        for run in b.layout_runs() {
            for g in run.glyphs {
                if g.glyph_id == 0 {
                    missing += 1;
                    continue;
                }
                let cell = char_at.iter().rev().find(|(bi, _)| *bi <= g.start).map(|(_, ci)| *ci).unwrap_or(0);
                let cell_top = top + cell as f32 * advance;
                // Centre the glyph's advance in the column; cosmic-text's own
                // letter spacing is not applied across columns.
                let gx = left + (size - g.w) / 2.0;
                let baseline = (cell_top + BASELINE_IN_CELL * size).round();
                let p = g.physical((gx - g.x, baseline - g.y), 1.0);
                glyphs.push(PlacedGlyph { key: p.cache_key, x: p.x, y: p.y });
            }
        }
    }
    let lines = columns.iter().map(|c| c.iter().collect::<String>()).collect();
    Some(Candidate { lines, glyphs, block_w, block_h, missing })
}
