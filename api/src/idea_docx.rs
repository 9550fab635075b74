//! An idea report as a Word document (.docx, written with `docx-rs`): the
//! title, what the report is about, then each delivered section in the
//! report's order, headed and numbered, each picture idea followed by its
//! pictures. Text is set in the East Asian font slot too, so Word picks a
//! CJK face for Chinese.

use std::io::Cursor;

use docx_rs::{AlignmentType, Docx, Paragraph, Pic, Run, RunFonts};
use pixmart_shared::db::store::idea_reports::IdeaReport;
use pixmart_shared::marketing::ideas::{IdeaStage, StageOutput};

/// The spec's default export title.
pub const DEFAULT_TITLE_ZH: &str = "热点营销策划";
pub const DEFAULT_TITLE_EN: &str = "Hotspot marketing plan";
/// Most characters of a title asked for.
pub const TITLE_MAX_CHARS: usize = 50;

const FONT_ZH: &str = "Noto Sans CJK SC";

fn run(text: &str) -> Run {
    Run::new().add_text(text).fonts(RunFonts::new().east_asia(FONT_ZH))
}

fn heading(text: &str, size: usize) -> Paragraph {
    Paragraph::new().add_run(run(text).bold().size(size))
}

fn line(text: &str) -> Paragraph {
    Paragraph::new().add_run(run(text).size(22))
}

fn section_name(stage: IdeaStage, zh: bool) -> &'static str {
    match (stage, zh) {
        (IdeaStage::Summary, true) => "事件总结",
        (IdeaStage::AdviceOnline, true) => "社媒图文创意",
        (IdeaStage::AdviceOnlineVideo, true) => "社媒视频创意",
        (IdeaStage::AdviceOffline, true) => "线下活动创意",
        (IdeaStage::Association, true) => "关联分析",
        (IdeaStage::Risk, true) => "营销风险",
        (IdeaStage::Summary, false) => "Event summary",
        (IdeaStage::AdviceOnline, false) => "Picture ideas",
        (IdeaStage::AdviceOnlineVideo, false) => "Video ideas",
        (IdeaStage::AdviceOffline, false) => "Offline ideas",
        (IdeaStage::Association, false) => "Association",
        (IdeaStage::Risk, false) => "Marketing risks",
    }
}

const CHINESE_NUMERALS: [&str; 6] = ["一", "二", "三", "四", "五", "六"];

/// A picture of a picture idea, ready for the document: a PNG and its
/// size in pixels.
pub struct DocPicture {
    /// The idea's place among the picture ideas.
    pub idea: usize,
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Width a picture is shown at: 4.5 cm (in EMU, 360,000 per cm), two side
/// by side in a column of A4.
const PICTURE_WIDTH_EMU: u32 = 1_620_000;

/// The document's bytes.
pub fn write(report: &IdeaReport, title: &str, pictures: &[DocPicture]) -> Result<Vec<u8>, docx_rs::DocxError> {
    let brief = &report.params.brief;
    let zh = brief.language.is_chinese();
    let mut doc = Docx::new().add_paragraph(heading(title, 40).align(AlignmentType::Center));
    let about = if zh {
        vec![
            format!("热点：{}", brief.topic),
            format!("营销对象：{}", brief.market_desc),
            format!("创意风格：{}", brief.style.chinese_name()),
            format!("生成时间：{}", report.created_at.format("%Y-%m-%d %H:%M UTC")),
        ]
    } else {
        vec![
            format!("Hotspot: {}", brief.topic),
            format!("Marketing: {}", brief.market_desc),
            format!("Style: {}", brief.style.as_str()),
            format!("Created: {}", report.created_at.format("%Y-%m-%d %H:%M UTC")),
        ]
    };
    for text in about {
        doc = doc.add_paragraph(line(&text));
    }
    let delivered = report.params.plan().into_iter().filter_map(|s| report.sections.get(&s).map(|o| (s, o)));
    for (n, (stage, output)) in delivered.enumerate() {
        let name = section_name(stage, zh);
        let head = if zh { format!("{}、{name}", CHINESE_NUMERALS[n % 6]) } else { format!("{}. {name}", n + 1) };
        doc = doc.add_paragraph(heading(&head, 28));
        match output {
            StageOutput::Summary(text) => doc = doc.add_paragraph(line(text)),
            StageOutput::Ideas(ideas) => {
                for (i, idea) in ideas.iter().enumerate() {
                    doc = doc.add_paragraph(heading(&format!("{}. {}", i + 1, idea.title), 24));
                    for para in idea.content.lines().filter(|l| !l.trim().is_empty()) {
                        doc = doc.add_paragraph(line(para.trim()));
                    }
                    let mine: Vec<&DocPicture> =
                        pictures.iter().filter(|p| stage == IdeaStage::AdviceOnline && p.idea == i).collect();
                    if !mine.is_empty() {
                        let mut row = Paragraph::new();
                        for p in mine {
                            let height = u64::from(PICTURE_WIDTH_EMU) * u64::from(p.height) / u64::from(p.width.max(1));
                            let pic = Pic::new_with_dimensions(p.png.clone(), p.width, p.height)
                                .size(PICTURE_WIDTH_EMU, u32::try_from(height).unwrap_or(u32::MAX));
                            row = row.add_run(Run::new().add_image(pic)).add_run(run(" "));
                        }
                        doc = doc.add_paragraph(row);
                    }
                }
            }
            StageOutput::Points(points) => {
                for (i, p) in points.iter().enumerate() {
                    doc = doc.add_paragraph(line(&format!("{}. {p}", i + 1)));
                }
            }
        }
    }
    let mut out = Cursor::new(Vec::new());
    doc.build().pack(&mut out)?;
    Ok(out.into_inner())
}
