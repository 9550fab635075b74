//! The verification mail, in the reader's language: subject and plain text.

use pixmart_shared::Lang;

use super::CodeMessage;

pub fn subject(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "您的验证码",
        Lang::En => "Your verification code",
    }
}

pub fn body(msg: &CodeMessage) -> String {
    let (code, minutes) = (msg.code.reveal(), msg.ttl_minutes());
    match msg.lang {
        Lang::Zh => format!(
            "您好：\r\n\r\n您的验证码是 {code}，{minutes} 分钟内有效。\r\n\r\n\
             请勿将验证码告诉他人。如非本人操作，请忽略本邮件。\r\n"
        ),
        Lang::En => format!(
            "Hello,\r\n\r\nYour verification code is {code}. It is valid for {minutes} minutes.\r\n\r\n\
             Do not share this code with anyone. If you did not request it, please ignore this email.\r\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pixmart_shared::domain::{Channel, VerifyCode};

    #[test]
    fn both_languages_carry_the_code_and_its_validity() {
        let mut msg = CodeMessage {
            channel: Channel::Mail,
            to: "a@example.com".into(),
            code: VerifyCode::parse("042917").unwrap(),
            lang: Lang::Zh,
            ttl_secs: 290,
        };
        assert!(body(&msg).contains("您的验证码是 042917，5 分钟内有效"), "{}", body(&msg));
        msg.lang = Lang::En;
        assert!(body(&msg).contains("code is 042917. It is valid for 5 minutes."), "{}", body(&msg));
        assert_ne!(subject(Lang::Zh), subject(Lang::En));
    }
}
