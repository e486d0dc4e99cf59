// The status colours keep their promises (issue 10, accessibility): text ≥ 4.5:1 on its own
// background and on white, solid colours (bars, dots) ≥ 3:1 against white.
import { STATUS_STYLES } from './status-style';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('status colours', () => {
  it.each(Object.entries(STATUS_STYLES))('%s: readable text, visible graphics', (_status, style) => {
    expect(contrast(style.text, style.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(style.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(style.color, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('the contrast formula matches WCAG (white on the old teal was 2.48:1, the new one 5.47:1)', () => {
    expect(contrast('#ffffff', '#14b8a6')).toBeCloseTo(2.49, 1);
    expect(contrast('#ffffff', '#0f766e')).toBeGreaterThanOrEqual(4.5);
  });
});
