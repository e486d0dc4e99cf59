import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('keeps the exact name in filename* and a safe ASCII fallback', () => {
    expect(attachmentDisposition('生产订单.xlsx', 'production-orders.xlsx')).toBe(
      `attachment; filename="production-orders.xlsx"; filename*=UTF-8''${encodeURIComponent('生产订单.xlsx')}`,
    );
  });

  it('never lets a name break out of the quoted fallback', () => {
    const header = attachmentDisposition('a"; filename="evil.exe\\x.pdf');
    expect(header.startsWith('attachment; filename="a_; filename=_evil.exe_x.pdf"; filename*=')).toBe(true);
    expect(header).not.toMatch(/[\r\n]/);
    expect(attachmentDisposition('样品\r\n.pdf')).toMatch(/^attachment; filename="____\.pdf"/);
  });
});
