import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';
import {
  EMPTY_ENQUIRY,
  EMPTY_LEAD,
  canSubmitEnquiry,
  canSubmitLead,
  enquiryErrors,
  leadErrors,
  leadFields,
  leadPayload,
  type LeadValues,
} from './rules';

const lead = (over: Partial<LeadValues> = {}): LeadValues => ({
  ...EMPTY_LEAD,
  name: '张三',
  companyName: '像素',
  phone: '13800138000',
  ...over,
});

describe('lead form rules', () => {
  it('submit needs name and companyName; MODI needs phone too', () => {
    expect(canSubmitLead(EMPTY_LEAD, undefined)).toBe(false);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: 'a' }, undefined)).toBe(false);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: 'a', companyName: 'b' }, undefined)).toBe(true);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: 'a', companyName: 'b' }, 'HOT')).toBe(true);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: 'a', companyName: 'b' }, 'MODI')).toBe(false);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: 'a', companyName: 'b', phone: '1' }, 'MODI')).toBe(true);
    expect(canSubmitLead({ ...EMPTY_LEAD, name: '  ', companyName: 'b' }, undefined)).toBe(false);
  });

  it('address, email and description only on the standard form', () => {
    expect(leadFields(undefined)).toEqual(['name', 'companyName', 'phone', 'address', 'email', 'description']);
    expect(leadFields('HOT')).toEqual(['name', 'companyName', 'phone']);
    expect(leadFields('MODI')).toEqual(['name', 'companyName', 'phone']);
    expect(leadPayload(lead({ email: 'a@b.cn' }), 'HOT', 'hot')).toEqual({
      name: '张三',
      companyName: '像素',
      phone: '13800138000',
      type: 'HOT',
      webSource: 'hot',
    });
  });

  it('required fields and their messages (zh and en)', () => {
    const e = leadErrors(EMPTY_LEAD, undefined);
    expect(t(e.name!, undefined, 'zh')).toBe('请输入姓名');
    expect(t(e.companyName!, undefined, 'zh')).toBe('请输入公司名称');
    expect(t(e.phone!, undefined, 'zh')).toBe('请输入手机号～');
    expect(t(e.name!, undefined, 'en')).toBe('Please enter your name');
    expect(t(e.phone!, undefined, 'en')).toBe('Please enter your phone number');
    expect(leadErrors(lead({ phone: '' }), 'HOT').phone).toBeUndefined();
    expect(leadErrors(lead({ phone: '' }), 'MODI').phone).toBe('form.required.phone');
  });

  it('length limits: 30 for text, 100 for description, counted in characters', () => {
    const x30 = '字'.repeat(30);
    const x31 = '字'.repeat(31);
    expect(leadErrors(lead({ name: x30, companyName: x30, phone: '1'.repeat(30), address: x30 }), undefined)).toEqual({});
    const e = leadErrors(lead({ name: x31, companyName: x31, phone: '1'.repeat(31), address: x31 }), undefined);
    expect(e).toEqual({ name: 'form.tooLong.30', companyName: 'form.tooLong.30', phone: 'form.tooLong.30', address: 'form.tooLong.30' });
    expect(leadErrors(lead({ description: '述'.repeat(100) }), undefined)).toEqual({});
    expect(leadErrors(lead({ description: '述'.repeat(101) }), undefined).description).toBe('form.tooLong.100');
    expect(leadErrors(lead({ description: '述'.repeat(101) }), 'HOT').description).toBeUndefined();
  });

  it('email optional, at most 30, well formed', () => {
    expect(leadErrors(lead({ email: '' }), undefined).email).toBeUndefined();
    expect(leadErrors(lead({ email: 'zhang@example.com' }), undefined).email).toBeUndefined();
    expect(leadErrors(lead({ email: 'nope' }), undefined).email).toBe('form.invalid.email');
    expect(t('form.invalid.email', undefined, 'zh')).toBe('请输入正确的邮箱');
    expect(leadErrors(lead({ email: `${'a'.repeat(19)}@example.com` }), undefined).email).toBe('form.tooLong.30');
  });
});

describe('custom-model enquiry rules', () => {
  const ok = { ...EMPTY_ENQUIRY, name: '李四', phone: '13800138000', company: '像素' };
  it('name, phone and company required for submit', () => {
    expect(canSubmitEnquiry(EMPTY_ENQUIRY)).toBe(false);
    expect(canSubmitEnquiry({ ...ok, company: '' })).toBe(false);
    expect(canSubmitEnquiry({ ...ok, phone: ' ' })).toBe(false);
    expect(canSubmitEnquiry(ok)).toBe(true);
    expect(enquiryErrors(EMPTY_ENQUIRY)).toEqual({
      name: 'form.required.name',
      phone: 'form.required.phone',
      company: 'form.required.companyName',
    });
  });
  it('text at most 30, requirements at most 100', () => {
    expect(enquiryErrors({ ...ok, jobTitle: 'x'.repeat(30), requirements: 'r'.repeat(100) })).toEqual({});
    expect(enquiryErrors({ ...ok, jobTitle: 'x'.repeat(31), requirements: 'r'.repeat(101) })).toEqual({
      jobTitle: 'form.tooLong.30',
      requirements: 'form.tooLong.100',
    });
    expect(enquiryErrors({ ...ok, name: 'n'.repeat(31) }).name).toBe('form.tooLong.30');
    expect(enquiryErrors({ ...ok, email: 'x@' }).email).toBe('form.invalid.email');
  });
});
