// This browser's identity for scans: a new client-generated scan id per scan, and a stable
// device id that the scan history shows ("which station"). Shared by the scan station and the
// schedule's record-progress form.
const DEVICE_KEY = 'stitchboard.scan.deviceId';

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  return bytes;
}

/**
 * A new scan id (a UUID, which SCAN_ID_PATTERN accepts). crypto.randomUUID exists only on
 * secure origins; a floor PC on plain http://192.168.… still gets a v4 UUID from getRandomValues.
 */
export function newScanId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Insecure context in some browsers: fall through.
    }
  }
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const DEVICE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** This device's station id, made once: `ST-` and 6 unambiguous characters. */
export function getDeviceId(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DEVICE_KEY);
  } catch {
    // Blocked storage: a new id per page load.
  }
  if (stored && /^[A-Za-z0-9_-]{4,64}$/.test(stored)) return stored;
  const id = `ST-${Array.from(randomBytes(6), (byte) => DEVICE_ALPHABET[byte % DEVICE_ALPHABET.length]).join('')}`;
  try {
    window.localStorage.setItem(DEVICE_KEY, id);
  } catch {
    // Blocked storage: the id lasts for this page only.
  }
  return id;
}
