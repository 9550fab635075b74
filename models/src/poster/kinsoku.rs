//! Chinese line-breaking rules (禁则, kinsoku): no line starts with a
//! closing punctuation mark and no line ends with an opening one.

/// Marks that must not start a line.
pub const NO_LINE_START: &str = "，。！？、；：）」』》】〕〗〉”’…‥·・%,.!?;:)]}︐︑︒︓︔︕︖︶﹂﹄︾︼︙";
/// Marks that must not end a line.
pub const NO_LINE_END: &str = "（「『《【〔〖〈“‘([{︵﹁﹃︽︻";

pub fn is_no_line_start(c: char) -> bool {
    NO_LINE_START.contains(c)
}

pub fn is_no_line_end(c: char) -> bool {
    NO_LINE_END.contains(c)
}

/// Where the lines (or columns) of a laid-out text break the rules: the
/// index of each line that starts with a closing mark or ends (before the
/// last line) with an opening one.
pub fn violations<S: AsRef<str>>(lines: &[S]) -> Vec<usize> {
    let mut bad = Vec::new();
    let last = lines.len().saturating_sub(1);
    for (i, line) in lines.iter().enumerate() {
        let line = line.as_ref().trim();
        let starts_bad = i > 0 && line.chars().next().is_some_and(is_no_line_start);
        let ends_bad = i < last && line.chars().last().is_some_and(is_no_line_end);
        if starts_bad || ends_bad {
            bad.push(i);
        }
    }
    bad
}

/// Splits a run of characters into columns of at most `per_column`
/// characters, moving characters between columns so that the rules hold
/// where they can (a column of one character is never emptied).
pub fn break_columns(chars: &[char], per_column: usize) -> Vec<Vec<char>> {
    let per_column = per_column.max(1);
    let mut columns: Vec<Vec<char>> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut end = (i + per_column).min(chars.len());
        if end < chars.len() {
            // The latest break at or before `end` where the next column does
            // not start with a closing mark and this one does not end with an
            // opening mark; when a cluster is longer than a column there is
            // none, and the column is filled (the rules cannot all hold).
            let ok = |e: usize| !chars.get(e).copied().is_some_and(is_no_line_start) && !is_no_line_end(chars[e - 1]);
            if let Some(e) = (i + 1..=end).rev().find(|&e| ok(e)) {
                end = e;
            }
        }
        columns.push(chars[i..end].to_vec());
        i = end;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_lines_that_break_the_rules() {
        assert_eq!(violations(&["你好", "。世界"]), vec![1]);
        assert_eq!(violations(&["你好「", "世界」"]), vec![0]);
        assert!(violations(&["你好，", "「世界」"]).is_empty());
    }

    #[test]
    fn columns_keep_marks_with_their_neighbours() {
        let text: Vec<char> = "春风十里，不如你「好」".chars().collect();
        let cols = break_columns(&text, 4);
        let lines: Vec<String> = cols.iter().map(|c| c.iter().collect()).collect();
        assert!(violations(&lines).is_empty(), "{lines:?}");
        assert_eq!(lines.concat(), "春风十里，不如你「好」");
        assert!(cols.iter().all(|c| c.len() <= 4));
    }
}
