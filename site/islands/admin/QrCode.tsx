import { useEffect, useState } from 'react';
import { drawnSize, type ModuleGrid, qrPath } from '../../lib/qr-path.ts';

/**
 * `text` as a QR code, drawn as an `<svg>` element: no image address, nothing the page's
 * Content-Security-Policy has to allow. The encoder is loaded when a code is first shown.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [grid, setGrid] = useState<ModuleGrid | null>(null);

  useEffect(() => {
    let shown = true;
    void import('qrcode').then(({ create }) => {
      if (shown) setGrid(create(text, { errorCorrectionLevel: 'M' }).modules);
    });
    return () => {
      shown = false;
    };
  }, [text]);

  if (!grid) return <div className="qr-code" aria-busy="true" />;
  const size = drawnSize(grid);
  return (
    <svg className="qr-code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(grid)} fill="#000" />
    </svg>
  );
}
