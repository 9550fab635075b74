//! `wire_enum!`: a string enum on the wire and in the database, declared
//! once (hotspots, idea reports).

/// Declares the enum, `ALL`, `as_str` and `parse`. Every wire name is the
/// variant's name in snake case (each user has a test that serde and
/// `as_str` agree): utoipa does not read a `rename` that comes through a
/// macro fragment, so the names cannot be free. Ordered by declaration (a
/// report's sections are kept in a map by stage).
macro_rules! wire_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize, utoipa::ToSchema,
        )]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vm])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }

            pub fn parse(s: &str) -> Option<Self> {
                match s.trim() {
                    $($wire => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use wire_enum;
