//! The payment provider interface: given an order, how the buyer pays it
//! (a QR code to scan and the address it encodes). The provider confirms
//! payment later through the signed notification endpoint.

use std::sync::Arc;

use base64::Engine;
use pixmart_shared::config::PaymentSettings;
use pixmart_shared::db::store::orders::OrderRecord;

/// How to pay one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    /// The page the QR code leads to.
    pub pay_url: String,
    /// The QR code as a `data:image/png;base64,...` URL.
    pub qr_code: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("unknown payment provider {0:?}")]
    Unknown(String),
    #[error("cannot draw the QR code: {0}")]
    Qr(String),
}

pub trait PaymentProvider: Send + Sync {
    /// Stored on each order, so a notification is matched to its provider.
    fn name(&self) -> &'static str;
    /// The checkout for `order`; `public_base` is the scheme and host the
    /// buyer reached the API on (for absolute addresses in the QR code).
    fn checkout(&self, order: &OrderRecord, public_base: &str) -> Result<Checkout, ProviderError>;
}

/// The provider the settings name.
pub fn from_settings(settings: &PaymentSettings) -> Result<Arc<dyn PaymentProvider>, ProviderError> {
    match settings.provider.as_str() {
        "dev" => Ok(Arc::new(super::dev::DevProvider)),
        other => Err(ProviderError::Unknown(other.to_owned())),
    }
}

/// Draws `text` as a QR code PNG data URL.
pub fn qr_data_url(text: &str) -> Result<String, ProviderError> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| ProviderError::Qr(e.to_string()))?;
    let img = code.render::<image::Luma<u8>>().min_dimensions(240, 240).build();
    let mut png = Vec::new();
    image::DynamicImage::ImageLuma8(img)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| ProviderError::Qr(e.to_string()))?;
    Ok(format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn qr_codes_are_png_data_urls() {
        let url = qr_data_url("http://127.0.0.1:8080/pay/dev/PM20261121120000123456").unwrap();
        let b64 = url.strip_prefix("data:image/png;base64,").unwrap();
        let png = base64::engine::general_purpose::STANDARD.decode(b64).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 240);
    }

    #[test]
    fn unknown_providers_are_refused() {
        let mut s = PaymentSettings::default();
        assert_eq!(from_settings(&s).unwrap().name(), "dev");
        s.provider = "paypal".into();
        assert!(matches!(from_settings(&s), Err(ProviderError::Unknown(_))));
    }
}
