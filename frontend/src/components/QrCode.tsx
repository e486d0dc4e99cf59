// A QR code of a short text, drawn as SVG by the qrcode library (as the job tickets are): sharp
// at any print size, no canvas.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export interface QrCodeProps {
  text: string;
  className?: string;
  /** What a screen reader says instead of the pattern (default: the text itself). */
  label?: string;
  testId?: string;
}

export function QrCode({ text, className, label, testId }: QrCodeProps) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' })
      .then((drawn) => live && setSvg(drawn))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [text]);
  // The SVG is the library's drawing of our own text: paths only, no markup from anyone else.
  return <span className={`qr-code ${className ?? ''}`} role="img" aria-label={label ?? text} data-payload={text} data-ready={svg ? 'true' : 'false'} data-testid={testId} dangerouslySetInnerHTML={{ __html: svg }} />;
}
