//! Guards for statements that find their rows by primary key (a list of
//! task ids) and only check other columns on them.
//!
//! Without table statistics SQLite's planner prefers an index on a guard
//! column (`status = 'NEW'`, which every waiting task matches) over the id
//! list, and then scans the whole backlog for a handful of rows. The unary
//! `+` is SQLite's documented way to keep a term from using an index; other
//! databases plan these statements by the key anyway and get the plain
//! comparison.

use sea_orm::sea_query::{Expr, ExprTrait, Value};
use sea_orm::{ColumnTrait, ConnectionTrait, DbBackend, IdenStatic};

/// `column = value`, never answered from an index on `column`.
pub fn guard_eq<C>(db: &impl ConnectionTrait, column: C, value: impl Into<Value>) -> Expr
where
    C: ColumnTrait + IdenStatic,
{
    match db.get_database_backend() {
        DbBackend::Sqlite => Expr::cust_with_values(format!("+\"{}\" = ?", column.as_str()), [value.into()]),
        _ => Expr::col(column).eq(value.into()),
    }
}

/// `column IS NULL`, never answered from an index on `column`.
pub fn guard_is_null<C>(db: &impl ConnectionTrait, column: C) -> Expr
where
    C: ColumnTrait + IdenStatic,
{
    match db.get_database_backend() {
        DbBackend::Sqlite => Expr::cust(format!("+\"{}\" IS NULL", column.as_str())),
        _ => Expr::col(column).is_null(),
    }
}
