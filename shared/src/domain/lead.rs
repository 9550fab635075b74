//! The lead (contact adviser / enterprise service) form and the
//! custom-model enquiry form, with the original app's rules:
//!
//! * lead: name and companyName required, at most 30; phone at most 30 and
//!   required except for the HOT variant (whose phone is asked but does not
//!   block submission); address (the job title), email at most 30 and
//!   description at most 100 are optional and only exist on the plain form
//!   (HOT and MODI hide them, so they are dropped there);
//! * enquiry: name, phone, company required; job title and email optional;
//!   text at most 30, requirements at most 100.

use serde::Deserialize;

use super::text_field::{optional, required, LONG_TEXT_MAX, SHORT_TEXT_MAX};
use super::{Email, Invalid};
use crate::error::ErrorCode;

/// Which variant of the lead form was shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadType {
    /// The enterprise contact form (all fields).
    Standard,
    /// From a hotspot screen: name, company and an optional phone.
    Hot,
    /// The MODI variant: name, company and a required phone.
    Modi,
}

impl LeadType {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        match raw.map(str::trim).unwrap_or_default() {
            "" => Ok(LeadType::Standard),
            "HOT" => Ok(LeadType::Hot),
            "MODI" => Ok(LeadType::Modi),
            _ => Err(Invalid::field(ErrorCode::LeadBadType, "type")),
        }
    }

    pub fn as_str(self) -> Option<&'static str> {
        match self {
            LeadType::Standard => None,
            LeadType::Hot => Some("HOT"),
            LeadType::Modi => Some("MODI"),
        }
    }

    fn phone_required(self) -> bool {
        !matches!(self, LeadType::Hot)
    }

    fn has_details(self) -> bool {
        matches!(self, LeadType::Standard)
    }
}

/// The lead form as sent (`POST /api/leads`).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadRequest {
    pub name: Option<String>,
    pub company_name: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub web_source: Option<String>,
    #[serde(rename = "type")]
    pub lead_type: Option<String>,
}

/// A valid lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadForm {
    pub lead_type: LeadType,
    pub name: String,
    pub company_name: String,
    pub phone: Option<String>,
    /// The original app's `address` field, used as the job title.
    pub job_title: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub web_source: Option<String>,
}

fn email(raw: Option<&str>) -> Result<Option<String>, Invalid> {
    match optional(raw, SHORT_TEXT_MAX, ErrorCode::FormEmailTooLong)? {
        None => Ok(None),
        Some(e) => Ok(Some(
            Email::parse(&e).map_err(|_| Invalid::field(ErrorCode::InvalidEmail, "email"))?.as_str().to_owned(),
        )),
    }
}

impl LeadForm {
    /// Checks fields in the order the form shows them, so the first
    /// message is the one the user sees first.
    pub fn parse(r: &LeadRequest) -> Result<Self, Invalid> {
        let lead_type = LeadType::parse(r.lead_type.as_deref())?;
        let name =
            required(r.name.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormNameRequired, ErrorCode::FormNameTooLong)?;
        let company_name = required(
            r.company_name.as_deref(),
            SHORT_TEXT_MAX,
            ErrorCode::FormCompanyRequired,
            ErrorCode::FormCompanyTooLong,
        )?;
        let phone = optional(r.phone.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormPhoneTooLong)?;
        if phone.is_none() && lead_type.phone_required() {
            return Err(Invalid::new(ErrorCode::FormPhoneRequired));
        }
        let (job_title, email, description) = if lead_type.has_details() {
            (
                optional(r.address.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormJobTitleTooLong)?,
                email(r.email.as_deref())?,
                optional(r.description.as_deref(), LONG_TEXT_MAX, ErrorCode::FormDescriptionTooLong)?,
            )
        } else {
            (None, None, None)
        };
        let web_source = optional(r.web_source.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormWebSourceTooLong)?;
        Ok(LeadForm { lead_type, name, company_name, phone, job_title, email, description, web_source })
    }
}

/// The custom-model enquiry as sent (`POST /api/enquiries`).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryRequest {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub job_title: Option<String>,
    pub email: Option<String>,
    pub requirements: Option<String>,
}

/// A valid custom-model enquiry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnquiryForm {
    pub name: String,
    pub phone: String,
    pub company: String,
    pub job_title: Option<String>,
    pub email: Option<String>,
    pub requirements: Option<String>,
}

impl EnquiryForm {
    pub fn parse(r: &EnquiryRequest) -> Result<Self, Invalid> {
        Ok(EnquiryForm {
            name: required(r.name.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormNameRequired, ErrorCode::FormNameTooLong)?,
            phone: required(
                r.phone.as_deref(),
                SHORT_TEXT_MAX,
                ErrorCode::FormPhoneRequired,
                ErrorCode::FormPhoneTooLong,
            )?,
            company: required(
                r.company.as_deref(),
                SHORT_TEXT_MAX,
                ErrorCode::FormCompanyRequired,
                ErrorCode::FormCompanyTooLong,
            )?,
            job_title: optional(r.job_title.as_deref(), SHORT_TEXT_MAX, ErrorCode::FormJobTitleTooLong)?,
            email: email(r.email.as_deref())?,
            requirements: optional(r.requirements.as_deref(), LONG_TEXT_MAX, ErrorCode::FormRequirementsTooLong)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lead(t: Option<&str>) -> LeadRequest {
        LeadRequest {
            name: Some("张三".into()),
            company_name: Some("像素".into()),
            phone: Some("13800138000".into()),
            address: Some("经理".into()),
            email: Some("a@b.cn".into()),
            description: Some("想了解".into()),
            web_source: Some("enterprise".into()),
            lead_type: t.map(Into::into),
        }
    }

    #[test]
    fn standard_lead_keeps_every_field() {
        let f = LeadForm::parse(&lead(None)).unwrap();
        assert_eq!(f.job_title.as_deref(), Some("经理"));
        assert_eq!(f.email.as_deref(), Some("a@b.cn"));
    }

    #[test]
    fn phone_is_optional_only_for_hot() {
        let mut r = lead(Some("HOT"));
        r.phone = None;
        let f = LeadForm::parse(&r).unwrap();
        assert_eq!((f.phone, f.job_title, f.description), (None, None, None));
        let mut r = lead(Some("MODI"));
        r.phone = Some(" ".into());
        assert_eq!(LeadForm::parse(&r).unwrap_err().code, ErrorCode::FormPhoneRequired);
        let mut r = lead(None);
        r.phone = None;
        assert_eq!(LeadForm::parse(&r).unwrap_err().code, ErrorCode::FormPhoneRequired);
        assert_eq!(LeadForm::parse(&lead(Some("VIP"))).unwrap_err().code, ErrorCode::LeadBadType);
    }

    #[test]
    fn enquiry_rules() {
        let r = EnquiryRequest {
            name: Some("李四".into()),
            phone: Some("13800138000".into()),
            company: Some("公司".into()),
            requirements: Some("需".repeat(100)),
            ..Default::default()
        };
        assert!(EnquiryForm::parse(&r).is_ok());
        let r = EnquiryRequest { requirements: Some("需".repeat(101)), ..r };
        assert_eq!(EnquiryForm::parse(&r).unwrap_err().code, ErrorCode::FormRequirementsTooLong);
    }
}
