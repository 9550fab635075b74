//! Setting a text slot: shaping (cosmic-text), line breaking with the
//! Chinese rules, auto-shrink from the largest size to the smallest, an
//! ellipsis when even the smallest size does not fit, and the measured ink
//! kept inside the slot.

use cosmic_text::{
    Align as CtAlign, Attrs, Buffer, CacheKey, CacheKeyFlags, Family, LayoutGlyph, Metrics, Shaping, Weight, Wrap,
};

use super::fonts::FontState;
use super::kinsoku;
use super::vertical;
use pixmart_poster_template::{Align, TextLayer, VerticalAlign};

/// One glyph to draw: its cache key and pixel origin inside the slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlacedGlyph {
    pub key: CacheKey,
    pub x: i32,
    pub y: i32,
}

/// Pixel bounds `[x0, x1) × [y0, y1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Ink {
    fn union(self, o: Ink) -> Ink {
        Ink { x0: self.x0.min(o.x0), y0: self.y0.min(o.y0), x1: self.x1.max(o.x1), y1: self.y1.max(o.y1) }
    }
    fn shifted(self, dx: i32, dy: i32) -> Ink {
        Ink { x0: self.x0 + dx, y0: self.y0 + dy, x1: self.x1 + dx, y1: self.y1 + dy }
    }
}

/// How a text was set in its slot.
#[derive(Debug, Clone, PartialEq)]
pub struct TextLayout {
    /// The font size chosen by auto-shrink, in pixels.
    pub font_size: f32,
    /// The text of each line (each column, for vertical text), in order.
    pub lines: Vec<String>,
    /// Whether the text was cut and ended with "…".
    pub truncated: bool,
    /// Glyphs no loaded font has (drawn as nothing rather than boxes).
    pub missing_glyphs: usize,
    /// The measured ink of the glyphs, in slot pixels (before stroke and shadow).
    pub ink: Option<Ink>,
    pub(crate) glyphs: Vec<PlacedGlyph>,
}

/// The style values text setting needs (already scaled).
#[derive(Debug, Clone)]
pub(crate) struct TextStyle {
    pub family: String,
    pub weight: u16,
    pub min: f32,
    pub max: f32,
    pub line_height: f32,
    pub letter_spacing: f32,
    pub max_lines: usize,
    pub align: Align,
    pub valign: VerticalAlign,
    pub vertical: bool,
    /// Room kept free on every side (the stroke).
    pub inset: f32,
    pub width: f32,
    pub height: f32,
}

impl TextStyle {
    pub fn of(layer: &TextLayer, family: &str) -> TextStyle {
        let inset = layer.stroke.map(|s| s.width.ceil()).unwrap_or(0.0);
        TextStyle {
            family: family.to_string(),
            weight: layer.font.weight,
            min: layer.size.min,
            max: layer.size.max,
            line_height: layer.line_height,
            letter_spacing: layer.letter_spacing,
            max_lines: layer.max_lines as usize,
            align: layer.align,
            valign: layer.vertical_align,
            vertical: layer.vertical,
            inset,
            width: layer.r#box.w,
            height: layer.r#box.h,
        }
    }

    fn area(&self) -> (f32, f32) {
        ((self.width - 2.0 * self.inset).floor(), (self.height - 2.0 * self.inset).floor())
    }
}

/// A candidate layout at one size, in area coordinates (before placement).
pub(crate) struct Candidate {
    pub lines: Vec<String>,
    pub glyphs: Vec<PlacedGlyph>,
    pub block_w: f32,
    pub block_h: f32,
    pub missing: usize,
}

/// Sets `text` in the slot: the largest size that fits, else the smallest
/// with the text cut and an ellipsis.
pub(crate) fn layout(state: &mut FontState, style: &TextStyle, text: &str) -> TextLayout {
    let text = normalize(text);
    let (aw, ah) = style.area();
    let empty = TextLayout {
        font_size: style.min,
        lines: Vec::new(),
        truncated: false,
        missing_glyphs: 0,
        ink: None,
        glyphs: Vec::new(),
    };
    if text.trim().is_empty() || aw < 1.0 || ah < 1.0 {
        return empty;
    }
    // Sizes from min to max in half-pixel steps; the largest that fits wins.
    let steps = ((style.max - style.min) / 0.5).ceil().max(0.0) as usize;
    let size_at =
        |k: usize| if steps == 0 { style.max } else { style.min + (style.max - style.min) * k as f32 / steps as f32 };
    let fit = |state: &mut FontState, size: f32, t: &str| -> Option<(Candidate, Ink)> {
        let c = candidate(state, style, size, t)?;
        let ink = measure(state, &c.glyphs)?;
        let fits = c.lines.len() <= style.max_lines
            && c.block_w <= aw + 0.5
            && c.block_h <= ah + 0.5
            && ink.x1 - ink.x0 <= aw as i32
            && ink.y1 - ink.y0 <= ah as i32;
        fits.then_some((c, ink))
    };
    if let Some(found) = fit(state, size_at(steps), &text) {
        return place(state, style, size_at(steps), found, false);
    }
    let (mut lo, mut hi) = (0usize, steps);
    let mut best = fit(state, size_at(0), &text).map(|f| (0usize, f));
    if best.is_some() {
        // Invariant: lo fits, hi does not.
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match fit(state, size_at(mid), &text) {
                Some(f) => {
                    lo = mid;
                    best = Some((mid, f));
                }
                None => hi = mid,
            }
        }
    }
    if let Some((k, found)) = best {
        return place(state, style, size_at(k), found, false);
    }
    // Still too long at the smallest size: keep the longest prefix that fits with "…".
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let with_ellipsis = |n: usize| -> String {
        let cut = chars.get(n).map(|(i, _)| *i).unwrap_or(text.len());
        let head = text[..cut].trim_end().trim_end_matches(kinsoku::is_no_line_end);
        format!("{head}…")
    };
    let (mut lo, mut hi) = (0usize, chars.len());
    let mut best = None;
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        match fit(state, style.min, &with_ellipsis(mid)) {
            Some(f) => {
                best = Some(f);
                lo = mid;
            }
            None => hi = mid - 1,
        }
    }
    match best.or_else(|| fit(state, style.min, "…")) {
        Some(found) => place(state, style, style.min, found, true),
        None => TextLayout { truncated: true, ..empty },
    }
}

/// Carriage returns become line feeds; tabs become spaces.
fn normalize(text: &str) -> String {
    text.replace("\r\n", "\n").replace(['\r'], "\n").replace('\t', " ")
}

/// Positions a fitting candidate in the slot: alignment, then a shift that
/// keeps the measured ink inside, then the inset.
fn place(state: &mut FontState, style: &TextStyle, size: f32, found: (Candidate, Ink), truncated: bool) -> TextLayout {
    let (c, ink) = found;
    let (aw, ah) = style.area();
    let mut dy = match style.valign {
        VerticalAlign::Top => 0.0,
        VerticalAlign::Middle => ((ah - c.block_h) / 2.0).max(0.0),
        VerticalAlign::Bottom => (ah - c.block_h).max(0.0),
    }
    .round() as i32;
    let mut dx = if style.vertical {
        match style.align {
            Align::Left => 0.0,
            Align::Center => ((aw - c.block_w) / 2.0).max(0.0),
            Align::Right => (aw - c.block_w).max(0.0),
        }
        .round() as i32
    } else {
        0 // cosmic-text aligns each line inside the width.
    };
    // Keep the ink inside the area.
    let moved = ink.shifted(dx, dy);
    if moved.y0 < 0 {
        dy -= moved.y0;
    } else if moved.y1 > ah as i32 {
        dy -= moved.y1 - ah as i32;
    }
    if moved.x0 < 0 {
        dx -= moved.x0;
    } else if moved.x1 > aw as i32 {
        dx -= moved.x1 - aw as i32;
    }
    let inset = style.inset as i32;
    let (dx, dy) = (dx + inset, dy + inset);
    let glyphs: Vec<PlacedGlyph> = c.glyphs.iter().map(|g| PlacedGlyph { x: g.x + dx, y: g.y + dy, ..*g }).collect();
    let ink = measure(state, &glyphs);
    TextLayout { font_size: size, lines: c.lines, truncated, missing_glyphs: c.missing, ink, glyphs }
}

/// The ink bounds of glyphs (from their rasterised images).
pub(crate) fn measure(state: &mut FontState, glyphs: &[PlacedGlyph]) -> Option<Ink> {
    let mut ink: Option<Ink> = None;
    for g in glyphs {
        if let Some(img) = state.cache.get_image(&mut state.system, g.key) {
            let p = img.placement;
            if p.width == 0 || p.height == 0 {
                continue;
            }
            let b = Ink {
                x0: g.x + p.left,
                y0: g.y - p.top,
                x1: g.x + p.left + p.width as i32,
                y1: g.y - p.top + p.height as i32,
            };
            ink = Some(ink.map_or(b, |i| i.union(b)));
        }
    }
    // No visible glyph (only spaces): an empty box at the origin.
    Some(ink.unwrap_or(Ink { x0: 0, y0: 0, x1: 0, y1: 0 }))
}

pub(crate) fn attrs(style: &TextStyle) -> Attrs<'_> {
    let mut a = Attrs::new()
        .family(Family::Name(&style.family))
        .weight(Weight(style.weight))
        .cache_key_flags(CacheKeyFlags::DISABLE_HINTING);
    if style.letter_spacing != 0.0 {
        a = a.letter_spacing(style.letter_spacing);
    }
    a
}

fn candidate(state: &mut FontState, style: &TextStyle, size: f32, text: &str) -> Option<Candidate> {
    if style.vertical {
        vertical::candidate(state, style, size, text)
    } else {
        horizontal(state, style, size, text)
    }
}

/// A laid-out visual line: its paragraph, byte range in it, and the glyphs.
struct Line {
    paragraph: usize,
    start: usize,
    end: usize,
    baseline: f32,
    width: f32,
    glyphs: Vec<LayoutGlyph>,
}

fn shape_lines(state: &mut FontState, style: &TextStyle, size: f32, text: &str) -> (Vec<Line>, f32) {
    let line_px = size * style.line_height;
    let (aw, _) = style.area();
    let mut buffer = Buffer::new(&mut state.system, Metrics::new(size, line_px));
    let mut b = buffer.borrow_with(&mut state.system);
    b.set_wrap(Wrap::WordOrGlyph);
    b.set_size(Some(aw), None);
    let align = match style.align {
        Align::Left => CtAlign::Left,
        Align::Center => CtAlign::Center,
        Align::Right => CtAlign::Right,
    };
    b.set_text(text, &attrs(style), Shaping::Advanced, Some(align));
    b.shape_until_scroll(false);
    let mut lines = Vec::new();
    let mut block_h = 0.0f32;
    for run in b.layout_runs() {
        let start = run.glyphs.iter().map(|g| g.start).min().unwrap_or(0);
        let end = run.glyphs.iter().map(|g| g.end).max().unwrap_or(0);
        block_h = block_h.max(run.line_top + run.line_height);
        lines.push(Line {
            paragraph: run.line_i,
            start,
            end,
            baseline: run.line_y,
            width: run.line_w,
            glyphs: run.glyphs.to_vec(),
        });
    }
    (lines, block_h)
}

/// Byte offset of each paragraph (split on '\n') in `text`.
fn paragraph_offsets(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

fn horizontal(state: &mut FontState, style: &TextStyle, size: f32, text: &str) -> Option<Candidate> {
    let mut working = text.to_string();
    let (mut lines, mut block_h) = shape_lines(state, style, size, &working);
    // Repair breaks that put a closing mark first or an opening mark last,
    // by moving a character to the next line with a forced break.
    let mut orphan_checked = false;
    for _ in 0..32 {
        let offsets = paragraph_offsets(&working);
        let texts: Vec<&str> = lines.iter().map(|l| line_text(&working, &offsets, l)).collect();
        let insert_at = match kinsoku::violations(&texts).first() {
            // A cluster longer than a line cannot follow the rules: keep the break.
            Some(&bad) => match repair_point(&working, &offsets, &lines, bad) {
                Some(at) => at,
                None => break,
            },
            None if !orphan_checked => {
                orphan_checked = true;
                match orphan_point(&working, &offsets, &lines) {
                    Some(at) => at,
                    None => break,
                }
            }
            None => break,
        };
        working.insert(insert_at, '\n');
        (lines, block_h) = shape_lines(state, style, size, &working);
    }
    let offsets = paragraph_offsets(&working);
    let texts: Vec<String> = lines.iter().map(|l| line_text(&working, &offsets, l).to_string()).collect();
    let mut glyphs = Vec::new();
    let mut missing = 0;
    let mut block_w = 0.0f32;
    for line in &lines {
        block_w = block_w.max(line.width);
        for g in &line.glyphs {
            if g.glyph_id == 0 {
                missing += 1;
                continue;
            }
            let p = g.physical((0.0, line.baseline), 1.0);
            glyphs.push(PlacedGlyph { key: p.cache_key, x: p.x, y: p.y });
        }
    }
    Some(Candidate { lines: texts, glyphs, block_w, block_h, missing })
}

/// A paragraph's last line holding a single character (a widow such as
/// "肤。" alone) gets the previous line's last character for company, when
/// that line keeps at least three.
fn orphan_point(text: &str, offsets: &[usize], lines: &[Line]) -> Option<usize> {
    let n = lines.len();
    if n < 2 {
        return None;
    }
    let (last, prev) = (lines.get(n - 1)?, lines.get(n - 2)?);
    if last.paragraph != prev.paragraph {
        return None;
    }
    let base = offsets.get(last.paragraph).copied()?;
    let own: Vec<char> = text.get(base + last.start..base + last.end)?.trim().chars().collect();
    let alone = match own.as_slice() {
        [_] => true,
        [_, p] => kinsoku::is_no_line_start(*p),
        _ => false,
    };
    let prev_text = text.get(base + prev.start..base + prev.end)?.trim_end();
    if !alone || prev_text.chars().count() < 4 || prev_text.chars().any(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let (last_i, _) = prev_text.char_indices().last()?;
    Some(base + prev.start + last_i)
}

fn line_text<'a>(text: &'a str, offsets: &[usize], line: &Line) -> &'a str {
    let base = offsets.get(line.paragraph).copied().unwrap_or(0);
    text.get(base + line.start..base + line.end).unwrap_or("")
}

/// Where to force a break so that line `bad` no longer breaks the rules;
/// `None` when it cannot be repaired (a one-character line).
fn repair_point(text: &str, offsets: &[usize], lines: &[Line], bad: usize) -> Option<usize> {
    let line = lines.get(bad)?;
    let base = offsets.get(line.paragraph).copied()?;
    let own = text.get(base + line.start..base + line.end)?.trim_end();
    if bad > 0 && own.trim_start().chars().next().is_some_and(kinsoku::is_no_line_start) {
        // Pull the previous line's last character down with the mark.
        let prev = lines.get(bad - 1)?;
        if prev.paragraph != line.paragraph {
            return None;
        }
        let prev_text = text.get(base + prev.start..base + prev.end)?.trim_end();
        let (last_i, _) = prev_text.char_indices().last()?;
        // Also keep an opening mark before it together with it.
        let mut at = last_i;
        let before = &prev_text[..last_i];
        if let Some((i, c)) = before.char_indices().last() {
            if kinsoku::is_no_line_end(c) {
                at = i;
            }
        }
        if at == 0 {
            return None;
        }
        return Some(base + prev.start + at);
    }
    // The line ends with an opening mark: move the mark to the next line.
    let (last_i, _) = own.char_indices().last()?;
    if last_i == 0 {
        return None;
    }
    Some(base + line.start + last_i)
}
