//! Typed domain values. Raw request data becomes one of these at the edge
//! (`parse`), and nothing deeper re-checks strings.

pub mod account;
pub mod api_key;
pub mod biz_type;
pub mod calendar_query;
pub mod content_request;
pub mod download;
pub mod feedback;
pub mod hotspot;
pub mod idea_report_request;
pub mod ids;
pub mod image_colour;
pub mod invalid;
pub mod lead;
pub mod mask_edit;
pub mod message;
pub mod money;
pub mod order;
pub mod poster_asset;
pub mod saved_image;
pub mod statistics_query;
pub mod task_result;
pub mod task_spec;
pub mod task_status;
pub mod tenant;
pub mod text_field;
pub mod tier;
pub mod upload;
pub mod verify_code;
pub mod video_upload;
pub(crate) mod wire_enum;

pub use account::{Account, Email, Password, Phone};
pub use api_key::{ApiKey, ApiKeyName, ApiKeySecret};
pub use biz_type::{BizType, JobFamily, PriceBasis, PriceRule};
pub use ids::{ApiKeyId, HotspotId, HotspotSourceId, PosterAssetId, SavedImageId, TaskId, UploadId, UserId};
pub use invalid::Invalid;
pub use money::{Bucket, Lingshi};
pub use order::{OrderNo, OrderStatus, ProductKind};
pub use task_result::{ResultKind, TaskResult};
pub use task_spec::{
    CameraMove, CutoutModel, CutoutSpec, MotionSpeed, TaskSpec, VideoFormat, VideoResolution, VideoSpec,
};
pub use task_spec::{PosterSpec, QrCodeArtSpec, QrShape};
pub use task_status::TaskStatus;
pub use tier::{Speed, Tier};
pub use upload::{ImageFacts, ImageFormat, UploadRules};
pub use verify_code::{Channel, CodeHasher, InviteCode, VerifyCode};
pub use video_upload::{UploadFormat, VideoContainer, VideoFacts, VideoRules};
