// Camera scanning through the browser's own BarcodeDetector (Chrome on Android, some desktops).
// No library: where the API or the camera is missing, the station simply offers no camera button.
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

/** Camera scanning is possible: the detector exists and the page may ask for the camera (secure origin). */
export function cameraScanAvailable(): boolean {
  return Boolean(detectorClass()) && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
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
