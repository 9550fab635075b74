import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { EnquiryDialog } from './EnquiryDialog';
import { LeadDialog } from './LeadDialog';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const fill = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('LeadDialog', () => {
  it('MODI: only name, company and phone; submit enabled once all three are filled', async () => {
    renderWithProviders(<LeadDialog open type="MODI" webSource="MODI" onClose={() => {}} />);
    const submit = await screen.findByTestId('lead-submit');
    expect(screen.queryByTestId('lead-email')).toBeNull();
    expect(screen.queryByTestId('lead-description')).toBeNull();
    fill('lead-name', '张三');
    fill('lead-companyName', '像素');
    expect(submit).toBeDisabled();
    fill('lead-phone', '13800138000');
    expect(submit).toBeEnabled();
  });

  it('standard form: shows the field messages, then posts; code 0 shows 提交成功！ and finishes', async () => {
    const onFinish = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<LeadDialog open webSource="enterprise" onFinish={onFinish} onClose={onClose} />);
    const submit = await screen.findByTestId('lead-submit');
    expect(submit).toBeDisabled();
    fill('lead-name', '张三');
    fill('lead-companyName', '像素');
    fill('lead-description', '述'.repeat(101));
    fireEvent.click(submit);
    expect(await screen.findByTestId('lead-phone-error')).toHaveTextContent('请输入手机号～');
    expect(screen.getByTestId('lead-description-error')).toHaveTextContent('最多100个字符');
    expect(fetchMock).not.toHaveBeenCalled();
    fill('lead-phone', '13800138000');
    fill('lead-description', '想了解企业版');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { code: 0, msg: '提交成功！', data: true }));
    fireEvent.click(submit);
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(getToast()?.message).toBe('提交成功！');
    const body = JSON.parse((fetchMock.mock.calls[0][1] as RequestInit).body as string);
    expect(body).toMatchObject({ name: '张三', companyName: '像素', phone: '13800138000', webSource: 'enterprise' });
  });

  it('a non-zero answer does nothing visible', async () => {
    const onClose = vi.fn();
    renderWithProviders(<LeadDialog open type="HOT" onClose={onClose} />);
    fill('lead-name', 'a');
    fill('lead-companyName', 'b');
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: 7001, msg: '请输入姓名', error: 'FORM_NAME_REQUIRED', data: null }));
    fireEvent.click(await screen.findByTestId('lead-submit'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
  });
});

describe('EnquiryDialog', () => {
  it('submit enabled once name, phone and company are filled', async () => {
    renderWithProviders(<EnquiryDialog open onClose={() => {}} />);
    const submit = await screen.findByTestId('enquiry-submit');
    fill('enquiry-name', '李四');
    fill('enquiry-company', '像素');
    expect(submit).toBeDisabled();
    fill('enquiry-phone', '13800138000');
    expect(submit).toBeEnabled();
    fill('enquiry-jobTitle', 'x'.repeat(31));
    fireEvent.click(submit);
    expect(await screen.findByTestId('enquiry-jobTitle-error')).toHaveTextContent('最多30个字符');
  });
});
