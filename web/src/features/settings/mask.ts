/** The phone masked for display: 138****8000 (first 3, last 4 kept). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 8) return phone.replace(/.(?=.{2})/g, '*');
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}
