// The station's sounds (WebAudio, no files): a short high beep for a recorded scan, a low buzz
// for a refusal, a double mid tone for a scan kept offline. Phones also vibrate on a refusal.
// Browsers let audio start only after a user gesture; every scan is one (a key or a tap).
export type FeedbackKind = 'success' | 'refused' | 'queued';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as AudioContextClass | undefined;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

function tone(ctx: AudioContext, frequency: number, start: number, duration: number, type: OscillatorType, volume: number): void {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  // Short ramps avoid clicks at the edges.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.setValueAtTime(volume, start + duration - 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

/** Called on the first key or tap: browsers let audio start only from a user gesture. */
export function unlockAudio(): void {
  try {
    const ctx = audio();
    if (ctx?.state === 'suspended') void ctx.resume();
  } catch {
    // No sound then.
  }
}

export function playFeedback(kind: FeedbackKind): void {
  try {
    const ctx = audio();
    if (ctx) {
      if (ctx.state === 'suspended') void ctx.resume();
      const now = ctx.currentTime + 0.01;
      if (kind === 'success') tone(ctx, 1760, now, 0.12, 'sine', 0.35);
      else if (kind === 'refused') {
        tone(ctx, 150, now, 0.22, 'square', 0.22);
        tone(ctx, 150, now + 0.28, 0.32, 'square', 0.22);
      } else {
        tone(ctx, 880, now, 0.1, 'triangle', 0.3);
        tone(ctx, 660, now + 0.16, 0.14, 'triangle', 0.3);
      }
    }
    if (kind === 'refused' && typeof navigator.vibrate === 'function') navigator.vibrate([120, 60, 220]);
  } catch {
    // Sound is a help, never a reason for the scan to fail.
  }
}
