// A real job ticket's QR code, made by the same `qrcode` package and options as the printed
// tickets (orders/production-order/JobTicketDialog: error correction M), rendered to a PNG and
// read back with the ZXing decoder the station uses where BarcodeDetector is missing.
import { TextEncoder } from 'node:util';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { encodeTicket } from '@contracts/production';
import { decodeRgba, luminancesOf } from './ticket-decoder';

// qrcode encodes the text with TextEncoder, which jsdom's globals lack (browsers and Node have it).
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;

/** The ticket as a PNG with white paper around it (`margin` modules), decoded to RGBA pixels. */
async function ticketPixels(text: string, options: { scale: number; margin: number }) {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: options.margin, scale: options.scale });
  // The PNG's own pixels, as a browser canvas would give them (getImageData: RGBA).
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe('reading a printed ticket without BarcodeDetector', () => {
  it('decodes a process ticket and an order ticket from their PNG, small to large', async () => {
    // 6 × 4 and 12 × 4 are ones ZXing's finder misses at full size (read smaller, see decodeRgba).
    for (const payload of [encodeTicket({ orderNo: 'PO202611-0001', processCode: 'P03' }), encodeTicket({ orderNo: '2026110007' })]) {
      for (const [scale, margin] of [[2, 0], [3, 4], [6, 4], [12, 4], [16, 2]]) {
        const { data, width, height } = await ticketPixels(payload, { scale, margin });
        expect({ scale, margin, text: decodeRgba(data, width, height) }).toEqual({ scale, margin, text: payload });
      }
    }
  });

  it('decodes a small, blurred-edged picture as a phone photo scaled down would be', async () => {
    const payload = encodeTicket({ orderNo: 'PO202611-0123', processCode: 'SEW-2' });
    const { data, width, height } = await ticketPixels(payload, { scale: 3, margin: 4 });
    // Grey instead of black, light grey instead of white: a photo of paper under factory light.
    const washed = data.map((value, index) => (index % 4 === 3 ? value : value < 128 ? 70 : 200));
    expect(decodeRgba(washed, width, height)).toBe(payload);
  });

  it('answers null for a picture with no code', () => {
    const width = 120;
    const height = 80;
    const blank = new Uint8ClampedArray(width * height * 4).fill(255);
    expect(decodeRgba(blank, width, height)).toBeNull();
  });

  it('reads transparent pixels as white paper', () => {
    expect(Array.from(luminancesOf([0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255], 3, 1))).toEqual([255, 0, 255]);
  });
});
