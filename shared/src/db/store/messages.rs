//! In-app messages per user: send, list with the unread count, mark read,
//! mark all read, delete all. Every read and write is scoped to the owner,
//! so one user can never see or change another's messages.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};

use crate::db::entities::messages;
use crate::db::StoreError;
use crate::domain::message::{sanitize_html, MessageContentType, NewMessage};
use crate::domain::UserId;
use crate::Lang;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRecord {
    pub id: i64,
    pub user: UserId,
    pub title: String,
    pub brief: String,
    pub content: String,
    pub content_type: MessageContentType,
    pub img: Option<String>,
    pub sent_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

impl TryFrom<messages::Model> for MessageRecord {
    type Error = StoreError;
    fn try_from(m: messages::Model) -> Result<Self, StoreError> {
        let content_type = MessageContentType::parse(&m.content_type)
            .map_err(|_| StoreError::corrupt("messages", format!("{}: content_type", m.id)))?;
        // Cleaned again on the way out: a row written around `send` is
        // still safe to render.
        let content = match content_type {
            MessageContentType::Html => sanitize_html(&m.content),
            _ => m.content,
        };
        Ok(MessageRecord {
            id: m.id,
            user: UserId(m.user_id),
            title: m.title,
            brief: m.brief,
            content,
            content_type,
            img: m.img,
            sent_at: m.sent_at,
            read_at: m.read_at,
        })
    }
}

/// Delivers a message to one user; returns its id. Callable inside a
/// transaction (account creation sends the welcome message this way).
pub async fn send(db: &impl ConnectionTrait, to: UserId, msg: &NewMessage) -> Result<i64, StoreError> {
    let row = messages::ActiveModel {
        user_id: Set(to.0),
        title: Set(msg.title.clone()),
        brief: Set(msg.brief.clone()),
        content: Set(msg.content.clone()),
        content_type: Set(msg.content_type.as_str().to_owned()),
        img: Set(msg.img.clone()),
        sent_at: Set(Utc::now()),
        read_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// One page of a user's messages, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessagePage {
    pub list: Vec<MessageRecord>,
    pub total: u64,
    pub unread: u64,
}

pub async fn list(
    db: &impl ConnectionTrait,
    user: UserId,
    page_num: u64,
    page_size: u64,
) -> Result<MessagePage, StoreError> {
    let mine = messages::Entity::find().filter(messages::Column::UserId.eq(user.0));
    let total = mine.clone().count(db).await?;
    let unread = mine.clone().filter(messages::Column::ReadAt.is_null()).count(db).await?;
    let rows = mine
        .order_by_desc(messages::Column::SentAt)
        .order_by_desc(messages::Column::Id)
        .offset(page_num.saturating_sub(1) * page_size)
        .limit(page_size)
        .all(db)
        .await?;
    let list = rows.into_iter().map(MessageRecord::try_from).collect::<Result<_, _>>()?;
    Ok(MessagePage { list, total, unread })
}

/// Marks the user's message read (idempotent). False when the user has no
/// such message.
pub async fn mark_read(db: &impl ConnectionTrait, user: UserId, id: i64) -> Result<bool, StoreError> {
    let mine = Condition::all().add(messages::Column::Id.eq(id)).add(messages::Column::UserId.eq(user.0));
    let exists = messages::Entity::find().filter(mine.clone()).count(db).await? == 1;
    if exists {
        messages::Entity::update_many()
            .col_expr(messages::Column::ReadAt, Expr::value(Utc::now()))
            .filter(mine)
            .filter(messages::Column::ReadAt.is_null())
            .exec(db)
            .await?;
    }
    Ok(exists)
}

/// Marks every unread message of the user read; returns how many changed.
pub async fn mark_all_read(db: &impl ConnectionTrait, user: UserId) -> Result<u64, StoreError> {
    let res = messages::Entity::update_many()
        .col_expr(messages::Column::ReadAt, Expr::value(Utc::now()))
        .filter(messages::Column::UserId.eq(user.0))
        .filter(messages::Column::ReadAt.is_null())
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}

/// Deletes every message of the user; returns how many.
pub async fn delete_all(db: &impl ConnectionTrait, user: UserId) -> Result<u64, StoreError> {
    let res = messages::Entity::delete_many().filter(messages::Column::UserId.eq(user.0)).exec(db).await?;
    Ok(res.rows_affected)
}

/// The message every new account finds in its inbox, in the language the
/// account was created in (a stored message is not translated later).
pub fn welcome_message(lang: Lang) -> Result<NewMessage, crate::domain::Invalid> {
    match lang {
        Lang::Zh => NewMessage::text(
            "欢迎加入！",
            "新用户已获赠500灵石，快去体验AI商拍吧～",
            "欢迎加入！您已获赠500灵石，可用于AI抠图等生成功能。使用中如有问题，欢迎通过右侧悬浮窗的「帮助与反馈」告诉我们。",
        ),
        Lang::En => NewMessage::text(
            "Welcome!",
            "Your account comes with 500 lingshi: try AI product photos now",
            "Welcome! Your account comes with 500 lingshi to try AI generation, such as AI cutouts. If anything goes wrong, tell us through Help & Feedback in the floating window on the right.",
        ),
    }
}

/// Sends [`welcome_message`]; called in the transaction that creates the
/// account, so every account has exactly one.
pub async fn send_welcome(db: &impl ConnectionTrait, to: UserId, lang: Lang) -> Result<i64, StoreError> {
    let msg = welcome_message(lang).map_err(|e| StoreError::corrupt("messages", format!("welcome message: {e}")))?;
    send(db, to, &msg).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_welcome_message_is_in_one_language_each() {
        let zh = welcome_message(Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
        let en = welcome_message(Lang::En).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(zh.title, "欢迎加入！");
        assert_eq!(en.title, "Welcome!");
        assert!(!en.content.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{}", en.content);
        assert!(!zh.content.contains("Welcome"), "{}", zh.content);
    }
}
