/**
 * The original app's lead and custom-model enquiry rules, shared by the forms and
 * their tests (the server enforces the same, see POST /api/leads and
 * /api/enquiries):
 * - lead: name and companyName required, ≤ 30; phone ≤ 30, required except
 *   on the HOT variant; address (job title) and email optional ≤ 30;
 *   description optional ≤ 100; address, email and description exist only
 *   on the standard form (hidden for HOT and MODI); submit is enabled once
 *   name and companyName are filled, for MODI once phone is too;
 * - enquiry: name, phone, company required; job title and email optional;
 *   text ≤ 30, requirements ≤ 100.
 */
import type { MessageKey } from '../../lib/i18n';

export const SHORT_TEXT_MAX = 30;
export const LONG_TEXT_MAX = 100;

/** Which variant of the lead form: the standard enterprise form, HOT or MODI. */
export type LeadType = 'HOT' | 'MODI' | undefined;

export interface LeadValues {
  name: string;
  companyName: string;
  phone: string;
  address: string;
  email: string;
  description: string;
}

export type LeadField = keyof LeadValues;

export const EMPTY_LEAD: LeadValues = { name: '', companyName: '', phone: '', address: '', email: '', description: '' };

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const filled = (v: string) => v.trim().length > 0;
const tooLong = (v: string, max: number) => [...v.trim()].length > max;

/** The fields the form shows for this variant, in order. */
export function leadFields(type: LeadType): LeadField[] {
  return type ? ['name', 'companyName', 'phone'] : ['name', 'companyName', 'phone', 'address', 'email', 'description'];
}

export function leadPhoneRequired(type: LeadType): boolean {
  return type !== 'HOT';
}

export function canSubmitLead(v: LeadValues, type: LeadType): boolean {
  return filled(v.name) && filled(v.companyName) && (type !== 'MODI' || filled(v.phone));
}

/** The first problem of each field, as an i18n key. */
export function leadErrors(v: LeadValues, type: LeadType): Partial<Record<LeadField, MessageKey>> {
  const e: Partial<Record<LeadField, MessageKey>> = {};
  if (!filled(v.name)) e.name = 'form.required.name';
  else if (tooLong(v.name, SHORT_TEXT_MAX)) e.name = 'form.tooLong.30';
  if (!filled(v.companyName)) e.companyName = 'form.required.companyName';
  else if (tooLong(v.companyName, SHORT_TEXT_MAX)) e.companyName = 'form.tooLong.30';
  if (!filled(v.phone)) {
    if (leadPhoneRequired(type)) e.phone = 'form.required.phone';
  } else if (tooLong(v.phone, SHORT_TEXT_MAX)) e.phone = 'form.tooLong.30';
  if (!type) {
    if (tooLong(v.address, SHORT_TEXT_MAX)) e.address = 'form.tooLong.30';
    if (tooLong(v.email, SHORT_TEXT_MAX)) e.email = 'form.tooLong.30';
    else if (filled(v.email) && !EMAIL_RE.test(v.email.trim())) e.email = 'form.invalid.email';
    if (tooLong(v.description, LONG_TEXT_MAX)) e.description = 'form.tooLong.100';
  }
  return e;
}

/** The request body: hidden fields are not sent. */
export function leadPayload(v: LeadValues, type: LeadType, webSource: string | undefined) {
  const body: Record<string, string> = { name: v.name.trim(), companyName: v.companyName.trim(), phone: v.phone.trim() };
  if (!type) {
    body.address = v.address.trim();
    body.email = v.email.trim();
    body.description = v.description.trim();
  } else {
    body.type = type;
  }
  if (webSource) body.webSource = webSource;
  return body;
}

export interface EnquiryValues {
  name: string;
  phone: string;
  company: string;
  jobTitle: string;
  email: string;
  requirements: string;
}

export type EnquiryField = keyof EnquiryValues;

export const EMPTY_ENQUIRY: EnquiryValues = { name: '', phone: '', company: '', jobTitle: '', email: '', requirements: '' };
export const ENQUIRY_FIELDS: EnquiryField[] = ['name', 'phone', 'company', 'jobTitle', 'email', 'requirements'];

export function canSubmitEnquiry(v: EnquiryValues): boolean {
  return filled(v.name) && filled(v.phone) && filled(v.company);
}

export function enquiryErrors(v: EnquiryValues): Partial<Record<EnquiryField, MessageKey>> {
  const e: Partial<Record<EnquiryField, MessageKey>> = {};
  if (!filled(v.name)) e.name = 'form.required.name';
  else if (tooLong(v.name, SHORT_TEXT_MAX)) e.name = 'form.tooLong.30';
  if (!filled(v.phone)) e.phone = 'form.required.phone';
  else if (tooLong(v.phone, SHORT_TEXT_MAX)) e.phone = 'form.tooLong.30';
  if (!filled(v.company)) e.company = 'form.required.companyName';
  else if (tooLong(v.company, SHORT_TEXT_MAX)) e.company = 'form.tooLong.30';
  if (tooLong(v.jobTitle, SHORT_TEXT_MAX)) e.jobTitle = 'form.tooLong.30';
  if (tooLong(v.email, SHORT_TEXT_MAX)) e.email = 'form.tooLong.30';
  else if (filled(v.email) && !EMAIL_RE.test(v.email.trim())) e.email = 'form.invalid.email';
  if (tooLong(v.requirements, LONG_TEXT_MAX)) e.requirements = 'form.tooLong.100';
  return e;
}
