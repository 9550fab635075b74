//! English names and merchants' notes for the festivals and solar terms the
//! calendar computes (the Chinese names come from `tyme4rs`).

/// (Chinese name, English name, note, English note).
type Named = (&'static str, &'static str, &'static str, &'static str);

const FESTIVALS: &[Named] = &[
    ("元旦", "New Year's Day", "新年新计划：跨年倒数、新年礼盒", "New year, new plans: countdown themes, gift boxes"),
    (
        "春节",
        "Spring Festival",
        "团圆与年味：红包、礼盒、拜年场景；物流停运前两周截单",
        "Reunion and festive mood: red envelopes, gift boxes; last orders two weeks before couriers stop",
    ),
    ("元宵节", "Lantern Festival", "灯会、汤圆、猜灯谜互动", "Lanterns, tangyuan, riddle games"),
    (
        "龙头节",
        "Dragon Head Festival",
        "二月二龙抬头：理发、开运主题",
        "Dragon raises its head: haircuts, good-luck themes",
    ),
    ("上巳节", "Shangsi Festival", "春日踏青、汉服出游", "Spring outings, hanfu"),
    (
        "清明节",
        "Qingming Festival",
        "踏青与春游：户外、青团、出行装备",
        "Spring outings: outdoor gear, qingtuan, travel",
    ),
    ("端午节", "Dragon Boat Festival", "粽子礼盒、龙舟、香囊", "Zongzi gift boxes, dragon boats, sachets"),
    (
        "七夕节",
        "Qixi Festival",
        "中国情人节：情侣礼物、限定包装",
        "Chinese Valentine's Day: couple gifts, limited packaging",
    ),
    ("中元节", "Ghost Festival", "传统祭祀节日，营销宜克制", "A day of remembrance: keep marketing restrained"),
    (
        "中秋节",
        "Mid-Autumn Festival",
        "月饼与团圆：礼盒提前一个月上新",
        "Mooncakes and reunion: launch gift boxes a month ahead",
    ),
    ("重阳节", "Double Ninth Festival", "敬老与登高：长辈礼物、户外", "Honouring elders: gifts for parents, hiking"),
    ("冬至节", "Winter Solstice Festival", "饺子与汤圆、冬季进补", "Dumplings and tangyuan, winter nourishment"),
    ("腊八节", "Laba Festival", "腊八粥，年货采购开始", "Laba porridge; New Year shopping begins"),
    (
        "除夕",
        "New Year's Eve",
        "年夜饭与守岁：团圆场景、春晚话题",
        "Reunion dinner, staying up: family scenes, the Gala",
    ),
    ("妇女节", "Women's Day", "女性关怀与礼物", "Care and gifts for women"),
    ("植树节", "Arbor Day", "环保、绿植、可持续主题", "Green living, plants, sustainability"),
    ("劳动节", "Labour Day", "五一小长假：出游、家居、换季", "May Day holiday: travel, home, seasonal change"),
    ("青年节", "Youth Day", "青春、奋斗主题", "Youth and ambition themes"),
    ("儿童节", "Children's Day", "童趣、亲子、玩具", "Playful, parent-child, toys"),
    ("建党节", "CPC Founding Day", "严肃纪念日，营销宜克制", "A solemn anniversary: keep marketing restrained"),
    ("建军节", "Army Day", "致敬军人，营销宜克制", "Honouring the army: keep marketing restrained"),
    ("教师节", "Teachers' Day", "感恩老师：贺卡、花束、文具", "Thanking teachers: cards, flowers, stationery"),
    ("国庆节", "National Day", "十一黄金周：出游、婚庆、大件消费", "Golden Week: travel, weddings, big-ticket buys"),
    (
        "情人节",
        "Valentine's Day",
        "告白与礼物：花、巧克力、香水、首饰",
        "Gifts of love: flowers, chocolate, perfume, jewellery",
    ),
    ("愚人节", "April Fools' Day", "整活玩梗、反转文案", "Pranks and playful twists"),
    ("母亲节", "Mother's Day", "感恩妈妈：护肤、鲜花、家居", "Thanking mothers: skincare, flowers, home"),
    ("父亲节", "Father's Day", "感恩爸爸：数码、酒水、服饰", "Thanking fathers: gadgets, drinks, clothing"),
    ("万圣节", "Halloween", "变装、南瓜、派对主题", "Costumes, pumpkins, parties"),
    ("感恩节", "Thanksgiving", "感恩回馈、老客福利", "Gratitude: rewards for loyal customers"),
    ("平安夜", "Christmas Eve", "苹果礼盒、节日氛围", "Apple gift boxes, festive mood"),
    ("圣诞节", "Christmas", "礼物季：圣诞限定、氛围装饰", "Gift season: Christmas editions, decorations"),
];

const SOLAR_TERMS: &[Named] = &[
    ("立春", "Start of Spring", "春季上新、开运主题", "Spring launches, fresh-start themes"),
    ("雨水", "Rain Water", "春雨养生、雨具", "Spring rain: wellness, rain gear"),
    ("惊蛰", "Awakening of Insects", "万物复苏、驱虫、春耕", "Nature wakes: pest care, spring planting"),
    ("春分", "Spring Equinox", "昼夜平分：春游、竖蛋", "Equal day and night: outings, egg-standing"),
    ("清明", "Pure Brightness", "踏青、青团、春茶", "Outings, qingtuan, spring tea"),
    ("谷雨", "Grain Rain", "谷雨茶、春末换季", "Grain Rain tea, end-of-spring change"),
    ("立夏", "Start of Summer", "夏季上新、防晒", "Summer launches, sun care"),
    ("小满", "Grain Buds", "小满未满：知足主题", "Almost full: contentment themes"),
    ("芒种", "Grain in Ear", "忙种：毕业季、夏收", "Busy planting: graduation season"),
    ("夏至", "Summer Solstice", "白昼最长：清凉、夏夜", "Longest day: cooling, summer nights"),
    ("小暑", "Minor Heat", "入伏：消暑、冷饮", "Dog days begin: cooling drinks"),
    ("大暑", "Major Heat", "最热之时：防暑降温", "The hottest: beat the heat"),
    ("立秋", "Start of Autumn", "秋天第一杯奶茶、贴秋膘", "The first autumn milk tea, autumn feasting"),
    ("处暑", "End of Heat", "暑去秋来：换季", "Heat ends: seasonal change"),
    ("白露", "White Dew", "秋意渐浓：润燥、白露茶", "Autumn deepens: moisturising, White Dew tea"),
    ("秋分", "Autumn Equinox", "丰收节：农产品、秋收", "Harvest festival: farm produce"),
    ("寒露", "Cold Dew", "添衣保暖、秋游", "Layer up, autumn outings"),
    ("霜降", "Frost's Descent", "秋冬换季、进补", "Autumn-winter change, nourishment"),
    ("立冬", "Start of Winter", "冬季上新、饺子", "Winter launches, dumplings"),
    ("小雪", "Minor Snow", "保暖、腌腊", "Keep warm, cured foods"),
    ("大雪", "Major Snow", "冰雪主题、冬季运动", "Snow themes, winter sports"),
    ("冬至", "Winter Solstice", "冬至大如年：饺子、汤圆", "As big as New Year: dumplings, tangyuan"),
    ("小寒", "Minor Cold", "最冷时节：保暖、年货预热", "The cold sets in: warmth, New Year warm-up"),
    ("大寒", "Major Cold", "岁末：年货、团圆", "Year's end: New Year goods, reunion"),
];

fn find(table: &'static [Named], name: &str) -> Option<&'static Named> {
    table.iter().find(|n| n.0 == name)
}

/// English name, note and English note of a festival.
pub fn festival(name: &str) -> (&'static str, &'static str, &'static str) {
    find(FESTIVALS, name).map(|n| (n.1, n.2, n.3)).unwrap_or(("", "", ""))
}

/// English name, note and English note of a solar term.
pub fn solar_term(name: &str) -> (&'static str, &'static str, &'static str) {
    find(SOLAR_TERMS, name).map(|n| (n.1, n.2, n.3)).unwrap_or(("", "", ""))
}

/// The 24 terms in order from 立春 (for tests and the web's legend).
pub fn solar_term_names() -> impl Iterator<Item = &'static str> {
    SOLAR_TERMS.iter().map(|n| n.0)
}
