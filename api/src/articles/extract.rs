//! The readable text of a fetched page.

use dom_smoothie::{Config, Readability, TextMode};

use pixmart_shared::web_fetch::Fetched;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Article {
    pub title: String,
    /// Paragraphs separated by blank lines.
    pub text: String,
}

/// The article in a page, or `None` when it has no readable text.
pub fn extract(page: &Fetched) -> Option<Article> {
    let (title, text) = if page.is_html {
        let cfg = Config { text_mode: TextMode::Formatted, ..Config::default() };
        let mut reader = Readability::new(page.body.as_str(), Some(page.url.as_str()), Some(cfg)).ok()?;
        let article = reader.parse().ok()?;
        (article.title.trim().to_owned(), article.text_content.to_string())
    } else {
        let first = page.body.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
        (first.chars().take(60).collect(), page.body.clone())
    };
    let text = tidy(&text);
    (!text.is_empty()).then_some(Article { title, text })
}

/// Trimmed lines, at most one blank line between paragraphs.
fn tidy(text: &str) -> String {
    let mut out = Vec::new();
    let mut blank = false;
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push("");
            blank = false;
        }
        out.push(line);
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_article_among_the_page_furniture() {
        let paragraph = "这款保温杯采用316不锈钢内胆，保温十二小时，杯身轻巧，适合通勤和户外使用。我们连续测试了一周，早上灌的热水到晚上依然烫口。";
        let body = format!(
            "<html><head><title>保温杯测评</title></head><body><nav><a href='/'>首页</a><a href='/x'>分类</a></nav>\
             <article><h1>保温杯测评</h1>{}</article><footer>版权所有 联系我们</footer></body></html>",
            (0..6).map(|i| format!("<p>{i}. {paragraph}</p>")).collect::<String>()
        );
        let page = Fetched {
            url: url::Url::parse("https://example.com/a").unwrap(),
            body,
            is_html: true,
            content_type: "text/html".into(),
            truncated: false,
        };
        let article = extract(&page).unwrap();
        assert_eq!(article.title, "保温杯测评");
        assert!(article.text.contains("316不锈钢内胆"), "{}", article.text);
        assert!(!article.text.contains("版权所有"), "{}", article.text);
        assert!(article.text.contains("\n\n"), "paragraphs kept: {}", article.text);
    }

    #[test]
    fn plain_text_is_taken_as_it_is() {
        let page = Fetched {
            url: url::Url::parse("https://example.com/a.txt").unwrap(),
            body: "标题一行\n\n\n正文第一段。\n正文第二段。".into(),
            is_html: false,
            content_type: "text/plain".into(),
            truncated: false,
        };
        assert_eq!(
            extract(&page),
            Some(Article {
                title: "标题一行".into(), text: "标题一行\n\n正文第一段。\n正文第二段。".into()
            })
        );
    }
}
