// Reading a ticket's code from pixels with ZXing (@zxing/library), where the browser has no
// BarcodeDetector (iPhone Safari, Firefox, any plain-HTTP LAN page). Job tickets carry a QR code
// (made by the `qrcode` package, error correction M: see orders/production-order/JobTicketDialog);
// printed order numbers may be Code 128 / Code 39. This module is only ever loaded by a dynamic
// import (model/camera.ts), so ZXing stays out of the station's main chunk.
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, NotFoundException, QRCodeReader, RGBLuminanceSource, type Reader } from '@zxing/library';

/** What a ticket or an order-number label may be printed as. */
export const TICKET_FORMATS = [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128, BarcodeFormat.CODE_39];

export function ticketHints(tryHarder: boolean): Map<DecodeHintType, unknown> {
  const hints = new Map<DecodeHintType, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, TICKET_FORMATS);
  if (tryHarder) hints.set(DecodeHintType.TRY_HARDER, true);
  return hints;
}

/** Grey levels of RGBA pixels (ImageData, or a decoded PNG): what ZXing's binarizer reads. */
export function luminancesOf(rgba: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) {
    // Transparent pixels are paper: white.
    const alpha = rgba[p + 3] / 255;
    const value = (rgba[p] * 299 + rgba[p + 1] * 587 + rgba[p + 2] * 114) / 1000;
    grey[i] = Math.round(value * alpha + 255 * (1 - alpha));
  }
  return grey;
}

/** Grey levels averaged over `factor` × `factor` blocks: a smaller picture of the same scene. */
export function shrink(grey: Uint8ClampedArray, width: number, height: number, factor: number): { grey: Uint8ClampedArray; width: number; height: number } {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) for (let dx = 0; dx < factor; dx++) sum += grey[(y * factor + dy) * width + x * factor + dx];
      out[y * w + x] = sum / (factor * factor);
    }
  }
  return { grey: out, width: w, height: h };
}

function tryDecode(reader: Reader, grey: Uint8ClampedArray, width: number, height: number, hints: Map<DecodeHintType, unknown>): string | null {
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height))), hints).getText();
  } catch (error) {
    if (error instanceof NotFoundException || (error as Error)?.name?.endsWith('Exception')) return null;
    throw error;
  }
}

/** Pictures smaller than this (px) hold no readable ticket. */
const MIN_SIDE = 40;

/**
 * The text of the first ticket code in the picture, or null when none is found. ZXing's finder
 * (the JavaScript port) misses large, very sharp QR codes — a screenshot, a clean photo — that it
 * reads at half or a third of the size, so the picture is tried smaller before giving up, then as
 * a "pure" code (axis-aligned, nothing else in the picture).
 */
export function decodeRgba(rgba: ArrayLike<number>, width: number, height: number): string | null {
  const grey = luminancesOf(rgba, width, height);
  const hints = ticketHints(true);
  // Tickets are QR: the QR reader alone first (the multi-format one logs a warning per miss).
  const qr = new QRCodeReader();
  for (const factor of [1, 2, 3, 4]) {
    const picture = factor === 1 ? { grey, width, height } : shrink(grey, width, height, factor);
    if (Math.min(picture.width, picture.height) < MIN_SIDE) break;
    const text = tryDecode(qr, picture.grey, picture.width, picture.height, hints);
    if (text !== null) return text;
  }
  const pure = new Map(hints);
  pure.set(DecodeHintType.PURE_BARCODE, true);
  // Then an order number printed as a 1-D barcode.
  return tryDecode(qr, grey, width, height, pure) ?? tryDecode(new MultiFormatReader(), grey, width, height, hints);
}

/** A phone photo is 12 MP; a ticket's QR reads well (and much faster) at this size. */
export const PHOTO_MAX_SIDE = 1600;

/** Decodes a photo (the plain-HTTP fallback: `<input type=file capture>`), scaled down on a canvas. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await loadImage(file);
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap.source, 0, 0, width, height);
    return decodeRgba(context.getImageData(0, 0, width, height).data, width, height);
  } finally {
    bitmap.close();
  }
}

interface LoadedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/** createImageBitmap applies the photo's EXIF rotation; older Safari lacks it: an <img> then. */
async function loadImage(file: Blob): Promise<LoadedImage> {
  if (typeof createImageBitmap === 'function') {
    try {
      const image = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: image, width: image.width, height: image.height, close: () => image.close() };
    } catch {
      // Fall through to <img>.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

/**
 * Live video from the rear camera decoded by @zxing/browser (getUserMedia without
 * BarcodeDetector). Resolves with a stop function; `onCode` gets the first text read.
 */
export async function startVideoDecoder(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader(ticketHints(false), { delayBetweenScanAttempts: 150 });
  let done = false;
  const controls = await reader.decodeFromConstraints({ video: { facingMode: { ideal: 'environment' } }, audio: false }, video, (result, _error, scanner) => {
    const text = result?.getText().trim();
    if (!text || done) return;
    done = true;
    scanner.stop();
    onCode(text);
  });
  return () => {
    done = true;
    controls.stop();
  };
}
