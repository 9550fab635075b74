//! Compositing a product onto a new background (`PRODUCT_IMAGE`, and the
//! product placement of background replication). Pure: images in, images
//! out.
//!
//! # Using it
//!
//! ```text
//! // 1. once per input: cut out (ISNet mask), crop, bound and refine the edge
//! let cutout: RgbaImage = compose::prepare_cutout(&rgb, &mask, erode, max_side)?;
//! //    or, on an image already at working size:
//! let cutout = compose::refine_alpha(&rgb, &mask, erode);
//! // 2a. the whole PRODUCT_IMAGE look per variant (background, placement, effects)
//! let out: RgbImage = compose::compose_variant(&cutout, &options, variant);
//! // 2b. or your own background and placement (e.g. a replicated scene)
//! let out = compose::place_product(&cutout, &scene, &Placement { centre_x: 0.5, ground_y: 0.85, size: 0.6 },
//!                                  &Effects::default());
//! ```
//!
//! * [`refine_alpha`]: erode by `erodeSize`, feather, and colour
//!   decontamination (blur-fusion foreground estimation) so no halo of the
//!   old background remains; transparent pixels carry the product's colour.
//! * [`place_product`]: scale and position ([`Placement`]), light matching,
//!   a soft contact shadow plus a cast shadow from the mask ([`Shadow`]), an
//!   optional floor reflection ([`Effects`]).
//! * [`Background`] / [`render_background`]: the original app's 7-colour
//!   [`PALETTE`], custom colours, gradients, the generated template library
//!   ([`TEMPLATES`]: studio, texture and scene categories) and user images.
//! * [`variant_plan`]: what differs between `genNum` results (placement,
//!   light direction and shadow, reflection, background variant).

mod alpha;
mod background;
mod filters;
mod frame;
mod place;
mod product;
mod templates;

pub use alpha::{refine_alpha, MAX_ERODE};
pub use background::{cover, render_background, Background, PALETTE};
pub use frame::frame_subject;
pub use place::{place_product, product_rect, scaled_product, Effects, Placement, Shadow};
pub use product::{
    compose_variant, prepare_cutout, scale_factor, subject_box, thumbnail, variant_plan, working_side,
    working_side_for, ComposeOptions, BASE_FILL,
};
pub use templates::{render_template, template, Template, TEMPLATES};
