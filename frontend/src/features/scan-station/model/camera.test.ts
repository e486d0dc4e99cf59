import { cameraScanMode } from './camera';

// Which way the station reads a ticket with the camera, by what the browser offers.
describe('camera scan mode', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  const setMediaDevices = (value: unknown) => Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true });
  const setDetector = (value: unknown) => Object.defineProperty(window, 'BarcodeDetector', { value, configurable: true, writable: true });

  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'mediaDevices', original);
    else delete (navigator as unknown as { mediaDevices?: unknown }).mediaDevices;
    delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
  });

  it('takes a photo where there is no camera API (plain http on the LAN, iPhone included)', () => {
    setMediaDevices(undefined);
    setDetector(class {});
    expect(cameraScanMode()).toBe('photo');
  });

  it('decodes the live video with ZXing where getUserMedia exists but BarcodeDetector does not (iPhone Safari on https)', () => {
    setMediaDevices({ getUserMedia: () => Promise.resolve() });
    expect(cameraScanMode()).toBe('video');
  });

  it('uses the browser’s BarcodeDetector where both exist (Chrome on Android)', () => {
    setMediaDevices({ getUserMedia: () => Promise.resolve() });
    setDetector(class {});
    expect(cameraScanMode()).toBe('native');
  });
});
