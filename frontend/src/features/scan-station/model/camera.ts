// Camera scanning: the browser's own BarcodeDetector where it exists (Chrome on Android, some
// desktops); else ZXing (model/ticket-decoder.ts, loaded on demand) on the live video; and where
// there is no camera API at all — getUserMedia exists only on https and localhost, so a phone on
// the factory's plain-HTTP LAN has none — a photo taken through <input type=file capture>.
export interface DetectedBarcode {
  rawValue: string;
  format: string;
}

export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Formats a job ticket or a printed order-number barcode may use. */
const WANTED_FORMATS = ['qr_code', 'code_128', 'code_39', 'data_matrix', 'ean_13'];

function detectorClass(): BarcodeDetectorClass | null {
  if (typeof window === 'undefined') return null;
  const candidate = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * How this browser scans with its camera: `native` (BarcodeDetector on live video), `video`
 * (ZXing on live video), `photo` (no camera API: a photo decoded by ZXing), `none`.
 */
export type CameraScanMode = 'native' | 'video' | 'photo' | 'none';

export function cameraScanMode(): CameraScanMode {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'none';
  const liveVideo = typeof navigator.mediaDevices?.getUserMedia === 'function';
  if (liveVideo) return detectorClass() ? 'native' : 'video';
  return 'photo';
}

/** ZXing and its decoder in a chunk of their own, fetched when the camera is first opened. */
export function loadTicketDecoder(): Promise<typeof import('./ticket-decoder')> {
  return import('./ticket-decoder');
}

export async function createDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = detectorClass();
  if (!Detector) return null;
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? WANTED_FORMATS;
    const formats = WANTED_FORMATS.filter((format) => supported.includes(format));
    return new Detector(formats.length ? { formats } : undefined);
  } catch {
    return null;
  }
}
